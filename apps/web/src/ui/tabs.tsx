import { type KeyboardEvent, type ReactElement, type ReactNode, useRef } from 'react';
import { rovingTarget } from './roving.js';

export interface TabItem<Id extends string> {
  readonly id: Id;
  readonly label: string;
  readonly panel: ReactNode;
  /** Shown after the label inside the tab (an unread count); optional. */
  readonly badge?: ReactNode;
  /**
   * The panel starts with controls of its own (a game table's cards): it takes no tab stop of its
   * own (the APG pattern's stop is for a panel without one), so Tab goes from the tab to them.
   */
  readonly controlsInside?: boolean;
}

/** The tab a key moves to from `index` of `count`, or null for a key tabs do not use. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  return rovingTarget(key, index, count, 'horizontal');
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (the selected tab), Left/Right arrows
 * move round the tabs, Home/End go to the first/last, Tab moves into the panel. Every panel stays
 * mounted (hidden when not selected), so a half-filled form survives a switch.
 */
export function Tabs<Id extends string>(props: {
  /** The tab list's accessible name. */
  readonly label: string;
  readonly items: readonly TabItem<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
  /** Prefix of the tab and panel ids (unique on the page). */
  readonly idPrefix: string;
  /**
   * The panels come first in the document and the tab list after them, drawn above them by CSS
   * (`order`): the panel's own controls (a game's cards) are the page's first Tab stops.
   */
  readonly panelsFirst?: boolean;
}): ReactElement {
  const { items, selected, onSelect, idPrefix } = props;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, items.length);
    const item = target === null ? undefined : items[target];
    if (target === null || item === undefined) return;
    event.preventDefault();
    onSelect(item.id);
    buttons.current[target]?.focus();
  };
  const list = (
    <div
      key="tablist"
      className={`tabs ui-tabs${props.panelsFirst === true ? ' after-panels' : ''}`}
      role="tablist"
      aria-label={props.label}
    >
      {items.map((item, index) => (
        <button
          key={item.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.id}`}
          aria-selected={item.id === selected}
          aria-controls={`${idPrefix}-panel-${item.id}`}
          tabIndex={item.id === selected ? 0 : -1}
          className={`tab-button${item.id === selected ? ' selected' : ''}`}
          onClick={() => onSelect(item.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {item.label}
          {item.badge}
        </button>
      ))}
    </div>
  );
  const panels = items.map((item) => (
    <div
      key={item.id}
      role="tabpanel"
      id={`${idPrefix}-panel-${item.id}`}
      aria-labelledby={`${idPrefix}-tab-${item.id}`}
      hidden={item.id !== selected}
      // The APG tabs pattern makes a panel a tab stop, unless it starts with controls of its own.
      tabIndex={item.controlsInside === true ? undefined : 0}
      className="ui-tabpanel"
    >
      {item.panel}
    </div>
  ));
  return <>{props.panelsFirst === true ? [...panels, list] : [list, ...panels]}</>;
}
