import { type Card, RANK_LABELS, type Rank, SUIT_SYMBOLS, type Suit, viewFor } from '@palace/core';
import type { RestCard, RestGameState, RestLobbyEntry, RestPlayer } from '@palace/protocol';
import { aiLevelField } from '../ai-levels.js';
import type { StoredGame } from '../ports.js';
import { rematchView } from '../rematch.js';
import { isAway, playHints, viewerIds, WAITING_PLAYING_STATUS } from '../seat-view.js';
import { masked, type StoredCard } from '../wire-cards.js';
import { restHintsView } from './rest-hints.js';
import type { RestMeta } from './rest-meta.js';

const RED: ReadonlySet<string> = new Set(['hearts', 'diamonds']);

export function restCard(card: Card | StoredCard): RestCard {
  return {
    id: card.id,
    value: RANK_LABELS[card.rank as Rank],
    suit: SUIT_SYMBOLS[card.suit as Suit],
    color: RED.has(card.suit) ? 'red' : 'black',
  };
}

/**
 * The REST game as one viewer may see it (docs/product.md §P2.3). `seat` is the viewer's public seat id and
 * `credential` the secret they proved it with; both null for a stranger. Built from the engine's
 * per-viewer view, so nobody's hidden cards (the viewer's own face-down cards included) are in it.
 */
export function restView(game: StoredGame<RestMeta>, seat: string | null, credential: string | null): RestGameState {
  const view = viewFor(game.state, seat);
  const own = view.viewer;
  const idOf = viewerIds(own, credential);
  const host = view.seats[0]?.id;
  const players = view.seats.map((s): RestPlayer => {
    const mine = s.id === own;
    return {
      id: idOf(s.id),
      name: s.name,
      isAI: s.ai !== null,
      ...aiLevelField(s.ai),
      away: isAway(game, s.id),
      isReady: s.ready || s.ai !== null,
      isHost: s.id === host,
      hand: mine && s.hand !== null ? s.hand.map(restCard) : s.handCount,
      handCount: s.handCount,
      faceUp: s.faceUp.map(restCard),
      faceDown: mine ? s.faceDown.map((b) => masked(b.id)) : s.faceDown.length,
      faceDownCount: s.faceDown.length,
    };
  });
  const winner = view.result?.winner ?? null;
  const { meta } = game;
  const last = meta.lastAction;
  return {
    id: game.id,
    variant: meta.variant,
    isPublic: meta.isPublic,
    maxPlayers: meta.maxPlayers,
    status: WAITING_PLAYING_STATUS[view.phase],
    players,
    currentTurn: view.turn === null ? null : idOf(view.turn),
    pile: view.pile.map(restCard),
    pileCount: view.pile.length,
    deck: Array.from({ length: view.deckCount }, (_, n) => masked(`deck-${n}`)),
    deckCount: view.deckCount,
    winner: winner === null ? null : idOf(winner),
    winnerName: winner === null ? null : (view.seats.find((s) => s.id === winner)?.name ?? null),
    lastAction:
      last === null
        ? null
        : {
            player: idOf(last.seat),
            playerName: last.name,
            action: last.action,
            cards: last.cards.map(restCard),
            burned: last.burned,
            timestamp: last.at,
          },
    chatMessages: meta.chat.map((m) => ({
      id: m.id,
      sender: idOf(m.seat),
      senderName: m.name,
      text: m.text,
      isEmoji: m.isEmoji,
      timestamp: m.at,
    })),
    ...playHints(game, view),
    createdAt: game.createdAt,
    lastUpdate: game.version,
    rematch: rematchView(meta),
    ...restHintsView(game, own),
  };
}

/** A waiting game as the lobby lists it (seen as a stranger sees it). */
export function restLobbyEntry(game: StoredGame<RestMeta>): RestLobbyEntry {
  const view = restView(game, null, null);
  return {
    id: game.id,
    variant: game.meta.variant,
    playerCount: view.players.length,
    maxPlayers: game.meta.maxPlayers,
    hostName: view.players[0]?.name ?? '',
    createdAt: game.createdAt,
    players: view.players.map((p) => ({ id: p.id, name: p.name, isAI: p.isAI, isReady: p.isReady })),
  };
}
