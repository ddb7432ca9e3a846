import {
  type ErrorCategory,
  type ErrorDefinition,
  messagesOf,
  type RuleErrorCode,
  ruleErrorCategory,
} from '@palace/core';
import { COMPETITION_ERRORS } from './competition-errors.js';

/**
 * Failures of the application layer itself, beside the engine's rule errors: each code with its
 * category (see core's `ErrorCategory`) and its player-facing message.
 */
const DEFINITIONS = {
  /** No game with that id (or it belongs to another variant). */
  'game/not_found': { category: 'not_found', message: 'Game not found' },
  /** The game kept changing under this request; it was retried and gave up. Nothing was written. */
  'game/stale': {
    category: 'unavailable',
    message: 'The game changed while your request was handled. Please try again.',
  },
  /** A game with the id asked for (a room id chosen by the client) already exists. */
  'game/id_taken': { category: 'conflict', message: 'That game code is already in use' },
  /** No free game id could be found. */
  'game/no_id': { category: 'unavailable', message: 'Could not create a game right now. Please try again.' },
  /** Too many reviews waiting for the review job (docs/records.md "Reviews"); nothing was queued. */
  'review/busy': {
    category: 'unavailable',
    message: 'Too many games are being reviewed. Please try again in a minute.',
  },
  /** A game whose review could not be computed (its record did not replay: a bug, logged); not tried again. */
  'review/failed': { category: 'unavailable', message: 'This game could not be reviewed.' },
  /** A rematch asked of a game still waiting or in play (docs/product.md §D11 rematch). */
  'rematch/not_finished': { category: 'conflict', message: 'A rematch can be offered once the game is over' },
  /** A rematch offered by a spectator: only the game's players offer one (spectators may join it). */
  'rematch/not_player': { category: 'forbidden', message: "Only the game's players can offer a rematch" },
  /** A player id that is not a credential of this game (unknown, or someone's public seat id). */
  'player/forbidden': { category: 'forbidden', message: 'You are not a player in this game' },
  /** A player name that is empty after trimming. */
  'name/required': { category: 'invalid', message: 'Player name is required' },
  /** A player name longer than the variant allows. */
  'name/too_long': { category: 'invalid', message: 'Player name must be at most 20 characters' },
  /** A table size outside what the variant allows. */
  'players/range': { category: 'invalid', message: 'Max players must be between 2 and 6' },
  /** A chat message that is empty or only whitespace. */
  'chat/empty': { category: 'invalid', message: 'Message cannot be empty' },
  /** A chat message over the length limit. */
  'chat/too_long': { category: 'invalid', message: 'Message must be at most 500 characters' },
  /** Login name shorter than 3 characters (docs/product.md §P1.5). */
  'auth/login_short': { category: 'invalid', message: 'Username or email must be at least 3 characters' },
  /** Registration username shorter than 3 characters. */
  'auth/username_short': { category: 'invalid', message: 'Username must be at least 3 characters' },
  /** Registration username longer than 30 characters or containing "@" (which marks an e-mail at login). */
  'auth/username_invalid': {
    category: 'invalid',
    message: 'Username must be at most 30 characters and cannot contain "@"',
  },
  'auth/email_invalid': { category: 'invalid', message: 'Please enter a valid email address' },
  'auth/password_short': { category: 'invalid', message: 'Password must be at least 6 characters' },
  /** A password longer than we hash (a denial-of-service guard). */
  'auth/password_long': { category: 'invalid', message: 'Password must be at most 200 characters' },
  'auth/password_mismatch': { category: 'invalid', message: "Passwords don't match" },
  'auth/username_taken': { category: 'conflict', message: 'That username is already taken' },
  'auth/email_taken': { category: 'conflict', message: 'An account with that email address already exists' },
  /** Registration without a valid unused invite code; the client sends the user to /waitlist. */
  'auth/invite_required': { category: 'forbidden', message: 'Registration is currently limited to invited users' },
  /** Unknown user or wrong password: one message for both. */
  'auth/login_failed': { category: 'unauthorized', message: 'Invalid username or password' },
  /** No session, or it expired. */
  'auth/not_signed_in': { category: 'unauthorized', message: 'Not signed in' },
  /** A request or message naming a user other than the session's own. */
  'auth/not_you': { category: 'forbidden', message: 'You can only act for yourself' },
  /** A new guest from an address that made `GUESTS_PER_MINUTE` already this minute (docs/product.md §D12). */
  'auth/too_many_guests': {
    category: 'limited',
    message: 'Too many new guests from your network. Please try again in a minute.',
  },
  /** A debit that would take a balance below zero (the write was refused as a whole). */
  'tokens/short': { category: 'invalid', message: 'You do not have enough tokens' },
  /** Main game name under 3 characters (docs/product.md §P1.5). */
  'game/name_short': { category: 'invalid', message: 'Game name must be at least 3 characters' },
  /** Main game name over 30 characters (docs/product.md §P1.5). */
  'game/name_long': { category: 'invalid', message: 'Game name must be less than 30 characters' },
  /** Player limit outside 2–8. */
  'game/limit': { category: 'invalid', message: 'Player limit must be between 2 and 8' },
  /** Entry fee under 100 (docs/product.md §P1.5). */
  'game/fee_low': { category: 'invalid', message: 'Minimum entry fee is 100 SRT tokens' },
  /** Entry fee over 1000 or off the 50-token steps. */
  'game/fee_step': {
    category: 'invalid',
    message: 'Entry fee must be between 100 and 1000 SRT tokens, in steps of 50',
  },
  /** Acting in a game without a seat in it. */
  'game/not_member': { category: 'forbidden', message: 'You are not a player in this game' },
  /** A private game asked for by someone who is not in it. */
  'game/private': { category: 'forbidden', message: 'This game is private' },
  /** A claim for a game the guest did not win, or an unknown game. */
  'prize/none': { category: 'not_found', message: 'There is no prize to claim for this game' },
  /** A claim for a guest this account did not play as (the guest session was not carried over). */
  'prize/not_yours': { category: 'forbidden', message: 'This prize belongs to another player' },
  /** A second claim of one prize. */
  'prize/claimed': { category: 'conflict', message: 'This prize has already been claimed' },
  /** A claim more than 7 days after the game (docs/product.md §D12 pot). */
  'prize/expired': { category: 'gone', message: 'This prize can no longer be claimed' },
  /** A claim from a second guest identity: an account claims one guest's prizes (docs/product.md §D12 pot). */
  'prize/other_guest': {
    category: 'forbidden',
    message: "This account has already claimed another guest's prizes",
  },
  /** A guest asking to claim a prize: only an account can. */
  'prize/register': { category: 'forbidden', message: 'Create an account to claim your prize' },
  /** Adding a friend by a name nobody has, or removing someone who is not a friend. */
  'friends/unknown': { category: 'not_found', message: 'No player with that username' },
  /** Adding yourself. */
  'friends/self': { category: 'invalid', message: 'You cannot add yourself as a friend' },
  /** Friends are for registered players. */
  'friends/guest': { category: 'forbidden', message: 'Register to add friends' },
  /** A waitlist application without a name (after trimming). */
  'waitlist/name_required': { category: 'invalid', message: 'Please enter your name' },
  /** A waitlist name over 80 characters. */
  'waitlist/name_long': { category: 'invalid', message: 'Name must be at most 80 characters' },
  /** A waitlist e-mail that is not an address (or over 320 characters). */
  'waitlist/email_invalid': { category: 'invalid', message: 'Please enter a valid email address' },
  /** A waitlist note over 1000 characters. */
  'waitlist/note_long': { category: 'invalid', message: 'Note must be at most 1000 characters' },
  /** A support message without a subject (after trimming). */
  'support/subject_required': { category: 'invalid', message: 'Please enter a subject' },
  /** A support subject over 120 characters. */
  'support/subject_long': { category: 'invalid', message: 'Subject must be at most 120 characters' },
  /** A support message that is empty after trimming. */
  'support/message_required': { category: 'invalid', message: 'Please enter a message' },
  /** A support message over 2000 characters. */
  'support/message_long': { category: 'invalid', message: 'Message must be at most 2000 characters' },
  // — Username seats (simple websocket, simple REST, public games; docs/product.md §D8) —
  /** A username that is empty after trimming. */
  'username/required': { category: 'invalid', message: 'Username is required' },
  /** Public games: a username outside 3–15 characters (docs/product.md §P2.5). */
  'username/length': { category: 'invalid', message: 'Username must be between 3 and 15 characters' },
  /** Simple variants: a username over 20 characters. */
  'username/too_long': { category: 'invalid', message: 'Username must be at most 20 characters' },
  /** Joining with a name a seated player already has (and without that seat's token). */
  'username/taken': { category: 'conflict', message: 'That username is already taken in this game' },
  /** Acting for a username whose seat token the request does not carry, or that has no seat. */
  'seat/not_yours': { category: 'forbidden', message: 'You are not playing as that user in this game' },
  /** A game id field that is empty after trimming. */
  'game/id_required': { category: 'invalid', message: 'Game ID is required' },
  // — Simple websocket rooms —
  /** A room id that is empty, too long or has characters other than letters, digits, - and _. */
  'room/id_invalid': { category: 'invalid', message: 'Please enter a valid game code' },
  /** Joining or acting in a room that was closed after its inactivity period. */
  'room/closed': { category: 'gone', message: 'Room closed due to inactivity' },
  // — Public games —
  /** A spectator asking to play, choose cards, add an AI or start (spectators may only chat and leave). */
  'game/spectator': { category: 'forbidden', message: 'Spectators cannot play' },
  /** Joining to watch a game that already has the most spectators it keeps. */
  'spectators/full': { category: 'conflict', message: 'This game has too many spectators' },
  // — Easy variant —
  /** `ai-move` when no AI player is to move (a human's turn). */
  'ai/not_due': { category: 'conflict', message: "It is not an AI player's turn" },
  /** A play whose `source` is not where the card is (for example a hand card sent as face-up). */
  'play/source_mismatch': { category: 'invalid', message: 'That card is not in the place you are playing it from' },
  // — Bots (docs/bots.md) —
  /** Bot routes asked by a guest or a bot: only a registered player owns bots. */
  'bots/owner_only': { category: 'forbidden', message: 'Bots are for registered players.' },
  /** A fourth bot of one owner. */
  'bots/limit': { category: 'conflict', message: 'You can have at most 3 bots.' },
  /** A bot id that is not one of the caller's bots. */
  'bots/not_found': { category: 'not_found', message: 'Bot not found.' },
  // — Game invitations between friends (docs/product.md §D13 friend-invitations) —
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
  // — Computer players in the main game (docs/product.md §D13 computer-seats) —
  /** Adding or removing a computer player by someone who is not the game's host. */
  'computer/host_only': { category: 'forbidden', message: 'Only the host can add or remove computer players' },
  /** Adding a computer player to a game that has started (or a tournament table). */
  'computer/not_waiting': {
    category: 'conflict',
    message: 'Computer players can only be added before the game starts',
  },
  /** Adding a computer player where every seat is taken. */
  'computer/full': { category: 'conflict', message: 'The game is full' },
  /** Removing a player who is not a computer player of the game. */
  'computer/unknown': { category: 'not_found', message: 'No such computer player in this game' },
  /** More computer players than seats beside the creator's. */
  'computer/too_many': {
    category: 'invalid',
    message: 'A game has room for at most one computer player fewer than its seats',
  },
  /** A hint asked for where none is offered: a game with a fee, a tournament, or another human (docs/product.md §D14 hint). */
  'hint/not_offered': {
    category: 'forbidden',
    message: 'Hints are offered only in unrated games against the computer with nothing at stake',
  },
  /** A bot joining a main game whose creator did not allow bots. */
  'game/no_bots': { category: 'forbidden', message: 'This game does not allow bots.' },
  // — Records —
  /** A record asked for while its game runs: the seed is revealed only at the end (docs/product.md §D7). */
  'record/not_over': { category: 'conflict', message: 'The record is published when the game is over' },
  /** A finished game whose moves the server no longer keeps (docs/deploy.md "Retention"); its result stays. */
  'record/removed': {
    category: 'gone',
    message: "This game's moves are no longer kept, so its record and review cannot be shown",
  },
  ...COMPETITION_ERRORS,
  // — Settings (docs/api.md "Settings") —
  /** Settings asked by a guest or a bot: they are for registered players. */
  'settings/registered_only': {
    category: 'forbidden',
    message: 'Settings are for registered players. Sign up to keep your preferences.',
  },
  /** An avatar that is not an http(s) address of at most 500 characters (nor empty). */
  'settings/avatar_invalid': { category: 'invalid', message: 'Avatar must be an http(s) image address.' },
  /** A password change or deletion whose current password is wrong. */
  'settings/wrong_password': { category: 'forbidden', message: 'Current password is incorrect.' },
  /** A deletion whose typed confirmation is not the username exactly. */
  'settings/confirmation': { category: 'invalid', message: 'Type your username to confirm.' },
  /** A deletion while the user holds a seat in an unfinished main game. Nothing changed. */
  'settings/game_in_play': {
    category: 'conflict',
    message: 'You have a game in play. Finish it before deleting your account.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ServiceErrorCode = keyof typeof DEFINITIONS;

/** Each service error's player-facing message. */
export const SERVICE_ERRORS: Readonly<Record<ServiceErrorCode, string>> = messagesOf(DEFINITIONS);

/** The category of any refusal, rule or service: what a transport maps to its own status. */
export function errorCategory(code: RuleErrorCode | ServiceErrorCode): ErrorCategory {
  return code in DEFINITIONS
    ? DEFINITIONS[code as ServiceErrorCode].category
    : ruleErrorCategory(code as RuleErrorCode);
}

/** A refusal: an engine rule or a service failure, with a message fit for players. */
export interface ServiceError {
  readonly code: RuleErrorCode | ServiceErrorCode;
  readonly message: string;
}

export function serviceError(code: ServiceErrorCode): ServiceError {
  return { code, message: SERVICE_ERRORS[code] };
}
