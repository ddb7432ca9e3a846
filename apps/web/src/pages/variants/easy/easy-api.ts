import type {
  AiLevelName,
  EasyAiAnswer,
  EasyAiMoveAnswer,
  EasyCreated,
  EasyGameState,
  EasyJoined,
  EasyPickUpAnswer,
  EasyPlayAnswer,
  EasySource,
  EasyStartAnswer,
} from '@palace/protocol';
import { variantRequest } from '../variant-api.js';

/**
 * The easy variant's calls (docs/product.md §P2.7 "Easy variant", docs/api.md "Easy variant"). Each refusal
 * throws a `VariantError` carrying the server's `error`, or the docs/product.md §P2.8 fallback text when the
 * server gives none (also on a network failure).
 */

/** Where the easy variant's games live on the server. */
export const EASY_API = '/api/simple-palace/games';

const game = (gameId: string) => `${EASY_API}/${encodeURIComponent(gameId)}`;

export const easyApi = {
  create: (playerName: string) =>
    variantRequest<EasyCreated>('POST', EASY_API, 'Failed to create game', { playerName }),
  join: (gameId: string, playerName: string) =>
    variantRequest<EasyJoined>('POST', `${game(gameId)}/join`, 'Failed to join game', { playerName }),
  /** The game as the viewer's own seat sees it (polled every 2 s). */
  view: (gameId: string, playerId: string) =>
    variantRequest<EasyGameState>(
      'GET',
      `${game(gameId)}?playerId=${encodeURIComponent(playerId)}`,
      'Failed to get game state',
    ),
  addAi: (gameId: string, playerId: string, level: AiLevelName) =>
    variantRequest<EasyAiAnswer>('POST', `${game(gameId)}/ai`, 'Failed to add AI opponent', { playerId, level }),
  start: (gameId: string, playerId: string) =>
    variantRequest<EasyStartAnswer>('POST', `${game(gameId)}/start`, 'Failed to start game', { playerId }),
  play: (gameId: string, playerId: string, cardId: string, source: EasySource) =>
    variantRequest<EasyPlayAnswer>('POST', `${game(gameId)}/play`, 'Failed to play card', {
      playerId,
      cardId,
      source,
    }),
  pickUp: (gameId: string, playerId: string) =>
    variantRequest<EasyPickUpAnswer>('POST', `${game(gameId)}/pickup`, 'Failed to pickup pile', { playerId }),
  /** Plays the due AI seat; the answer's state is a stranger's view, never the viewer's own. */
  aiMove: (gameId: string) =>
    variantRequest<EasyAiMoveAnswer>('POST', `${game(gameId)}/ai-move`, 'Failed to play card'),
};

/** The game screen's address: the id, the secret player id (a credential) and the name. */
export function easyGamePath(gameId: string, playerId: string, playerName: string): string {
  return `/easy-palace-game?${new URLSearchParams({ gameId, playerId, playerName }).toString()}`;
}
