import { type ReactElement, type ReactNode, useState } from 'react';
import { Tabs } from '../../ui/tabs.js';

/**
 * The start page of the public and easy games (docs/product.md §P2.2): the title and tagline, then a card with
 * `field` (one both forms share, if any) over the tabs Create Game and Join Game, then `children`.
 * `variant` names the page's classes (`{variant}-page`, `-home-head`, `-home-card`) and tab ids.
 */
export function VariantHome(props: {
  readonly variant: 'public' | 'easy';
  readonly title: string;
  readonly tagline: string;
  readonly field?: ReactNode;
  readonly create: ReactNode;
  readonly join: ReactNode;
  readonly children?: ReactNode;
}): ReactElement {
  const { variant } = props;
  const [tab, setTab] = useState<'create' | 'join'>('create');
  return (
    <main className={`variant-page ${variant}-page`}>
      <div className="variant-home">
        <header className={`${variant}-home-head`}>
          <h1>{props.title}</h1>
          <p className="muted small">{props.tagline}</p>
        </header>
        <section className={`card ${variant}-home-card`}>
          {props.field}
          <Tabs
            label="Create or join a game"
            idPrefix={`${variant}-home`}
            selected={tab}
            onSelect={setTab}
            items={[
              { id: 'create', label: 'Create Game', panel: props.create },
              { id: 'join', label: 'Join Game', panel: props.join },
            ]}
          />
        </section>
        {props.children}
      </div>
    </main>
  );
}
