import { type Static, Type } from 'typebox';

/**
 * Game invitations between friends and the bell's notifications (docs/api.md "Notifications";
 * docs/product.md §D13 friend-invitations). Refusals answer `{ "message": … }` like the rest of
 * the main API.
 */

/** How many notifications `GET /api/notifications` lists at most (newest first). */
export const NOTIFICATIONS_SHOWN = 20;
/** How many ids one `POST /api/notifications/read` may name. */
export const NOTIFICATIONS_READ_MAX = 100;

/** `POST /api/friends/{id}/invite`: the main game (one the inviter sits in, still waiting) to invite the friend into. */
export const InviteBody = Type.Object({ gameId: Type.Integer({ minimum: 1 }) });
export type InviteBody = Static<typeof InviteBody>;

/**
 * Where the invitation's game stands for the invited player now: `open` (waiting, a seat free:
 * Join), `seated` (they sit in it already: Open), `full`, `started` (in play without them) or
 * `over` (finished, closed or gone).
 */
export const InviteGameStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('seated'),
  Type.Literal('full'),
  Type.Literal('started'),
  Type.Literal('over'),
]);
export type InviteGameStatus = Static<typeof InviteGameStatus>;

/** One notification: so far only a friend's invitation into a main game. */
export const NotificationItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Literal('game_invite'),
  fromUser: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
  }),
  gameId: Type.Integer(),
  /** The game's name when the invitation was sent. */
  gameName: Type.String(),
  gameStatus: InviteGameStatus,
  /** ISO 8601; a repeated invitation into the same game moves it to the top again. */
  createdAt: Type.String(),
  read: Type.Boolean(),
});
export type NotificationItem = Static<typeof NotificationItem>;

/** `GET /api/notifications`: unread count and the newest notifications. */
export const NotificationsResponse = Type.Object({
  unread: Type.Integer(),
  items: Type.Array(NotificationItem),
});
export type NotificationsResponse = Static<typeof NotificationsResponse>;

/** `GET /api/notifications/unread` and the answer of `POST /api/notifications/read`. */
export const UnreadResponse = Type.Object({ unread: Type.Integer() });
export type UnreadResponse = Static<typeof UnreadResponse>;

/** `POST /api/notifications/read`: the ids to mark read, or every notification when `ids` is absent. */
export const ReadNotificationsBody = Type.Object({
  ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: NOTIFICATIONS_READ_MAX })),
});
export type ReadNotificationsBody = Static<typeof ReadNotificationsBody>;
