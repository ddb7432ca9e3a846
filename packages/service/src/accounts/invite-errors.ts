import type { ErrorCategory, ErrorDefinition } from '@palace/core';

/**
 * The refusals of a game invitation (docs/product.md §D13 friend-invitations), each with its
 * category (the transport's status) and the message the inviter sees. Kept beside the invitations
 * rather than in service-error.ts: no other service returns them.
 */
const DEFINITIONS = {
  /** A guest or a bot inviting: friends are for registered players. */
  'invite/registered_only': { category: 'forbidden', message: 'Register to invite friends to a game' },
  /** Inviting oneself. */
  'invite/self': { category: 'invalid', message: 'You cannot invite yourself' },
  /** No registered player has that id (or the account was deleted). */
  'invite/unknown_player': { category: 'not_found', message: 'No player with that id' },
  /** The player exists but is not the inviter's friend. */
  'invite/not_friends': { category: 'forbidden', message: 'You can only invite your friends' },
  /** No main game with that id. */
  'invite/game_not_found': { category: 'not_found', message: 'Game not found' },
  /** The inviter holds no seat in the game. */
  'invite/not_seated': { category: 'forbidden', message: 'You can only invite friends to a game you are in' },
  /** The game is being played already. */
  'invite/started': { category: 'conflict', message: 'This game has already started' },
  /** The game is finished or was closed before it started. */
  'invite/over': { category: 'conflict', message: 'This game is over' },
  /** Every seat is taken. */
  'invite/full': { category: 'conflict', message: 'This game is full' },
  /** The friend sits in the game already. */
  'invite/already_seated': { category: 'conflict', message: 'Your friend is already in this game' },
} as const satisfies Record<string, ErrorDefinition>;

export type InviteErrorCode = keyof typeof DEFINITIONS;

/** A refused invitation: its code, its category and the message for the inviter. */
export interface InviteError {
  readonly code: InviteErrorCode;
  readonly category: ErrorCategory;
  readonly message: string;
}

export function inviteError(code: InviteErrorCode): InviteError {
  const { category, message } = DEFINITIONS[code];
  return { code, category, message };
}
