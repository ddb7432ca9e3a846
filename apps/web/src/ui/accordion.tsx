import { type KeyboardEvent, type ReactElement, type ReactNode, useRef, useState } from 'react';
import { rovingTarget } from './roving.js';

export interface AccordionItem {
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

/** The header a key moves focus to from `index` of `count`, or null for a key headers do not use. */
export function accordionKeyTarget(key: string, index: number, count: number): number | null {
  return rovingTarget(key, index, count, 'vertical');
}

/**
 * The WAI-ARIA accordion: each header is a button inside a heading, with `aria-expanded` and the
 * panel it controls (a region named by its header). Enter or Space toggles (native buttons);
 * Up/Down move between headers, Home/End to the first/last. Several panels may be open at once.
 */
export function Accordion(props: {
  readonly items: readonly AccordionItem[];
  /** Heading level of the headers. */
  readonly level?: 2 | 3 | 4;
  readonly idPrefix: string;
}): ReactElement {
  const { items, idPrefix } = props;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const headers = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = `h${props.level ?? 3}` as const;
  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = accordionKeyTarget(event.key, index, items.length);
    if (target === null) return;
    event.preventDefault();
    headers.current[target]?.focus();
  };
  return (
    <div className="accordion">
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const headerId = `${idPrefix}-header-${item.id}`;
        const panelId = `${idPrefix}-panel-${item.id}`;
        return (
          <div key={item.id} className={`accordion-item${expanded ? ' open' : ''}`}>
            <Heading className="accordion-heading">
              <button
                ref={(element) => {
                  headers.current[index] = element;
                }}
                type="button"
                id={headerId}
                className="accordion-trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.title}</span>
                <svg className="accordion-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              </button>
            </Heading>
            <section id={panelId} aria-labelledby={headerId} className="accordion-panel" hidden={!expanded}>
              {item.body}
            </section>
          </div>
        );
      })}
    </div>
  );
}
