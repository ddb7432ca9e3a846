import { viewFor } from '@palace/core';
import type { PublicGameState, PublicListEntry, PublicPlayer } from '@palace/protocol';
import { aiLevelField } from '../ai-levels.js';
import type { StoredGame } from '../ports.js';
import { rematchView } from '../rematch.js';
import { isAway, playHints } from '../seat-view.js';
import { namedStandings, wireChat } from '../status-lines.js';
import { mainCard, masked } from '../wire-cards.js';
import type { PublicMeta } from './public-meta.js';

/**
 * The public game as one viewer may see it (docs/product.md §P2.3). `seat` is the viewer's public seat id,
 * or null for a spectator or a stranger. Built from the engine's per-viewer view, so it holds no
 * other player's hand card, no face-down card (the viewer's own included) and no deck card; other
 * hands are masked slots `hand-{n}` that say nothing about the cards. No token or digest is in it.
 */
export function publicView(game: StoredGame<PublicMeta>, seat: string | null): PublicGameState {
  const view = viewFor(game.state, seat);
  const { meta } = game;
  const nameOf = (id: string | null): string | null =>
    id === null ? null : (view.seats.find((s) => s.id === id)?.name ?? null);
  const players = view.seats.map(
    (s): PublicPlayer => ({
      username: s.name,
      hand: s.hand !== null ? s.hand.map(mainCard) : Array.from({ length: s.handCount }, (_, n) => masked(`hand-${n}`)),
      handCount: s.handCount,
      faceUp: s.faceUp.map(mainCard),
      faceDown: s.faceDown.map((b) => masked(b.id)),
      faceDownCount: s.faceDown.length,
      isAI: s.ai !== null,
      ...aiLevelField(s.ai),
      isReady: s.ready,
      hasLeft: s.left,
      away: isAway(game, s.id),
      isTurn: s.isTurn,
    }),
  );
  const result = view.result;
  return {
    id: game.id,
    status: view.phase,
    visibility: meta.visibility,
    maxPlayers: view.options.maxSeats,
    players,
    pile: [...view.pile].reverse().map(mainCard),
    pileSize: view.pile.length,
    deckSize: view.deckCount,
    burnedCount: view.burnedCount,
    currentTurn: nameOf(view.turn),
    winner: result === null ? null : nameOf(result.winner),
    standings: namedStandings(result),
    spectators: meta.spectators.map((s) => s.name),
    chat: wireChat(meta.chat),
    you: nameOf(view.viewer),
    ...playHints(game, view),
    mustSelectFaceUp: view.hints.mustChooseFaceUp,
    createdAt: game.createdAt,
    lastUpdate: game.version,
    rematch: rematchView(game.meta),
  };
}

/** A game as the public list shows it. */
export function publicListEntry(game: StoredGame<PublicMeta>): PublicListEntry {
  const seats = game.state.seats;
  return {
    id: game.id,
    playerCount: seats.length,
    createdAt: game.createdAt,
    status: game.state.phase,
    maxPlayers: game.state.options.maxSeats,
    players: seats.map((s) => s.name),
    spectatorCount: game.meta.spectators.length,
  };
}
