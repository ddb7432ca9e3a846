import type { ReactElement, ReactNode } from 'react';
import { type TabItem, Tabs } from './tabs.js';

/** The sections of a tabbed game screen. */
export type GameSection = 'game' | 'chat' | 'tutorial';

/**
 * A game screen's sections as tabs (the REST game and the offline game against the AI): Game,
 * Chat where the game has one (with its unread badge), and How to Play. The tab list is named
 * "Game sections" on every screen.
 */
export function GameSections(props: {
  /** Prefix of the tab and panel ids (unique on the page). */
  readonly idPrefix: string;
  readonly selected: GameSection;
  readonly onSelect: (section: GameSection) => void;
  readonly game: ReactNode;
  readonly chat?: { readonly panel: ReactNode; readonly badge: ReactNode } | undefined;
  readonly tutorial: ReactNode;
  /** The game's cards before the tabs in the Tab order (see `Tabs`). */
  readonly panelsFirst?: boolean;
}): ReactElement {
  // The game's panel holds the table's cards and buttons: no bare stop before them.
  const items: TabItem<GameSection>[] = [{ id: 'game', label: 'Game', panel: props.game, controlsInside: true }];
  if (props.chat !== undefined)
    items.push({ id: 'chat', label: 'Chat', badge: props.chat.badge, panel: props.chat.panel });
  items.push({ id: 'tutorial', label: 'How to Play', panel: props.tutorial });
  return (
    <Tabs
      label="Game sections"
      idPrefix={props.idPrefix}
      selected={props.selected}
      onSelect={props.onSelect}
      items={items}
      panelsFirst={props.panelsFirst === true}
    />
  );
}
