import type {
  AiLevelName,
  PublicActionAnswer,
  PublicList,
  PublicSeated,
  PublicViewAnswer,
  PublicVisibility,
} from '@palace/protocol';
import { variantRequest } from '../variant-api.js';
import { FALLBACKS, PUBLIC_TEXTS } from './public-logic.js';

/** Base path of the public-games server (docs/api.md "Public games"). */
const BASE = '/api/palace/games';

function gameUrl(gameId: string, action?: string): string {
  const id = encodeURIComponent(gameId);
  return action === undefined ? `${BASE}/${id}` : `${BASE}/${id}/${action}`;
}

/**
 * The calls of docs/product.md §P2.7 "Public-games variant". Each rejects with a `VariantError` carrying the
 * server's `error` or the docs/product.md §P2.8 fallback; the seat cookie travels with every call.
 */
export const publicApi = {
  list(): Promise<PublicList> {
    return variantRequest<PublicList>('GET', BASE, PUBLIC_TEXTS.listFailed);
  },
  create(username: string, visibility: PublicVisibility): Promise<PublicSeated> {
    return variantRequest<PublicSeated>('POST', BASE, FALLBACKS.create, { username, visibility });
  },
  join(username: string, gameId: string): Promise<PublicSeated> {
    return variantRequest<PublicSeated>('POST', BASE, FALLBACKS.join, { username, gameId });
  },
  view(gameId: string, username: string): Promise<PublicViewAnswer> {
    const query = new URLSearchParams({ username }).toString();
    return variantRequest<PublicViewAnswer>('GET', `${gameUrl(gameId)}?${query}`, FALLBACKS.fetch);
  },
  addAi(gameId: string, username: string, level: AiLevelName): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'ai'), FALLBACKS.ai, { username, level });
  },
  start(gameId: string, username: string): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'start'), FALLBACKS.start, { username });
  },
  ready(gameId: string, username: string, selectedCards: readonly string[]): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'ready'), FALLBACKS.ready, {
      username,
      selectedCards,
    });
  },
  play(gameId: string, username: string, cardIds: readonly string[]): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'play'), FALLBACKS.play, { username, cardIds });
  },
  pickUp(gameId: string, username: string): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'pickup'), FALLBACKS.pickup, { username });
  },
  chat(gameId: string, username: string, message: string): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'chat'), FALLBACKS.chat, { username, message });
  },
  /** After game over: offers the rematch (a player) or joins the one offered (a player or spectator). */
  rematch(gameId: string, username: string): Promise<PublicSeated> {
    return variantRequest<PublicSeated>('POST', gameUrl(gameId, 'rematch'), FALLBACKS.rematch, { username });
  },
  leave(gameId: string, username: string): Promise<PublicActionAnswer> {
    return variantRequest<PublicActionAnswer>('POST', gameUrl(gameId, 'leave'), FALLBACKS.leave, { username });
  },
};
