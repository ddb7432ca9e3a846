import { viewFor } from '@palace/core';
import type { SimpleGameState, SimpleHiddenCard, SimplePlayer } from '@palace/protocol';
import { aiLevelField } from '../ai-levels.js';
import type { StoredGame } from '../ports.js';
import { isAway, playHints } from '../seat-view.js';
import { namedStandings, wireChat } from '../status-lines.js';
import { handCards, mainCard } from '../wire-cards.js';
import type { SimpleMeta } from './simple-meta.js';

function hidden(id: string): SimpleHiddenCard {
  return { id, suit: 'unknown', value: 'unknown', hidden: true };
}

const STATUS = { waiting: 'setup', setup: 'setup', playing: 'playing', finished: 'finished' } as const;

/**
 * A simple game as the seat `seat` sees it (null: as a stranger). Built from the engine's
 * per-viewer view: no other hand, no face-down card (the viewer's own included), no deck card and
 * no seat token or digest is ever in it.
 */
export function simpleView(game: StoredGame<SimpleMeta>, seat: string | null): SimpleGameState {
  const view = viewFor(game.state, seat);
  const nameOf = (id: string | null): string | null =>
    id === null ? null : (view.seats.find((s) => s.id === id)?.name ?? null);
  const players = view.seats.map(
    (s): SimplePlayer => ({
      username: s.name,
      hand: handCards(s, hidden),
      handCount: s.handCount,
      faceUp: s.faceUp.map(mainCard),
      faceDown: s.faceDown.length,
      faceDownCount: s.faceDown.length,
      faceDownCards: s.faceDown.map((b) => hidden(b.id)),
      isAI: s.ai !== null,
      ...aiLevelField(s.ai),
      isReady: s.ready,
      selectedFaceUp: s.ready,
      selecting: s.id === view.viewer ? [...(game.meta.selecting[s.id] ?? [])] : [],
      hasLeft: s.left,
      away: isAway(game, s.id),
    }),
  );
  const result = view.result;
  return {
    id: game.id,
    status: STATUS[view.phase],
    players,
    pile: view.pile.map(mainCard),
    pileCount: view.pile.length,
    deckCount: view.deckCount,
    currentTurn: nameOf(view.turn),
    winner: result === null ? null : nameOf(result.winner),
    standings: namedStandings(result),
    chat: wireChat(game.meta.chat),
    you: nameOf(view.viewer),
    ...playHints(game, view),
    mustSelectFaceUp: view.hints.mustChooseFaceUp,
    lastUpdate: game.version,
  };
}
