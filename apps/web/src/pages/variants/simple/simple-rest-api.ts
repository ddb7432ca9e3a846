import type { AiLevelName, SimpleGameState } from '@palace/protocol';
import { variantRequest } from '../variant-api.js';

/**
 * The simple REST game's calls (docs/product.md §P2.7; docs/api.md "Simple REST game"). The seat cookie the
 * server sets on join rides along on every call (docs/product.md §D8). A refusal throws a `VariantError`
 * with the server's `message`, else the docs/product.md §P2.8 fallback named here.
 */

const BASE = '/api/simple-game';

/** docs/product.md §P2.8 fallback texts of the simple REST game. */
export const REST_FALLBACKS = {
  create: 'Failed to create game',
  join: 'Failed to join game',
  state: 'Failed to get game state',
  selectFaceUp: 'Failed to select face-up cards',
  play: 'Failed to play card',
  pickUp: 'Failed to pickup pile',
  chat: 'Failed to send message',
  addAi: 'Failed to add AI opponent',
  leave: 'Failed to leave game',
} as const;

/** The answer of every call: the acting player's view after it. */
export interface StateAnswer {
  readonly gameState: SimpleGameState;
}

const path = (gameId: string, action = '') => `${BASE}/${encodeURIComponent(gameId)}${action}`;

export const simpleRestApi = {
  /** A new game (no id) or a seat in game `gameId`; the answer names the game's id. */
  join(username: string, gameId?: string): Promise<StateAnswer & { readonly gameId: string }> {
    const body = gameId === undefined ? { username } : { username, gameId };
    return variantRequest(
      'POST',
      `${BASE}/join`,
      gameId === undefined ? REST_FALLBACKS.create : REST_FALLBACKS.join,
      body,
    );
  },
  state(gameId: string, username: string): Promise<StateAnswer> {
    return variantRequest('GET', `${path(gameId)}?${new URLSearchParams({ username })}`, REST_FALLBACKS.state);
  },
  addAi(gameId: string, username: string, level: AiLevelName): Promise<StateAnswer & { readonly message: string }> {
    return variantRequest('POST', path(gameId, '/add-ai'), REST_FALLBACKS.addAi, { username, level });
  },
  selectFaceUp(gameId: string, username: string, cards: readonly string[]): Promise<StateAnswer> {
    return variantRequest('POST', path(gameId, '/select-faceup'), REST_FALLBACKS.selectFaceUp, { username, cards });
  },
  /** One card as `card`, several of one value as `cards`. */
  play(gameId: string, username: string, cardIds: readonly string[]): Promise<StateAnswer> {
    const body = cardIds.length === 1 ? { username, card: cardIds[0] } : { username, cards: cardIds };
    return variantRequest('POST', path(gameId, '/play-card'), REST_FALLBACKS.play, body);
  },
  pickUp(gameId: string, username: string): Promise<StateAnswer> {
    return variantRequest('POST', path(gameId, '/pickup-pile'), REST_FALLBACKS.pickUp, { username });
  },
  chat(gameId: string, username: string, message: string): Promise<StateAnswer> {
    return variantRequest('POST', path(gameId, '/chat'), REST_FALLBACKS.chat, { username, message });
  },
  leave(gameId: string, username: string): Promise<StateAnswer> {
    return variantRequest('POST', path(gameId, '/leave'), REST_FALLBACKS.leave, { username });
  },
};
