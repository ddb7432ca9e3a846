import { type Static, Type } from 'typebox';

/**
 * The generated-initials avatar the server serves for `username` (the default avatar of a
 * registration; the client builds the same address).
 */
export function initialsAvatar(username: string): string {
  return `/api/avatars/${encodeURIComponent(username.trim())}.svg`;
}

/** Every refusal of the main API (docs/product.md §P1.8): the client reads the `message` field. */
export const MessageBody = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type MessageBody = Static<typeof MessageBody>;

/** A player as the main API shows them. Guests have negative ids and no e-mail. */
export const UserBody = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  isGuest: Type.Boolean(),
  /** A bot account (docs/bots.md). */
  isBot: Type.Boolean(),
});
export type UserBody = Static<typeof UserBody>;

const Text = (maxLength: number) => Type.String({ maxLength });
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/** `POST /api/auth/login`: `username` is a username or an e-mail address. */
export const LoginBody = Type.Object({ username: Text(320), password: Text(1000) });
export type LoginBody = Static<typeof LoginBody>;

/** `POST /api/auth/register`. */
export const RegisterBody = Type.Object({
  username: Text(320),
  email: Text(320),
  password: Text(1000),
  confirmPassword: OptionalText(1000),
  avatar: OptionalText(2000),
  inviteCode: OptionalText(200),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** `POST /api/auth/guest-login`: an optional object whose contents are not used. */
export const GuestLoginBody = Type.Union([Type.Object({}), Type.Null()]);

export const LogoutResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });

/** `POST /api/claim-guest-prize`. Ids may come as numbers or numeric strings. */
export const ClaimBody = Type.Object({
  gameId: Type.Union([Type.Integer(), Type.String({ maxLength: 40 })]),
  guestId: Type.Union([Type.Integer(), Type.String({ maxLength: 40 })]),
});
export type ClaimBody = Static<typeof ClaimBody>;
export const ClaimResponse = Type.Object({ message: Type.String(), amount: Type.Integer() });

export const BalanceResponse = Type.Object({ balance: Type.Integer() });
export type BalanceResponse = Static<typeof BalanceResponse>;

/** One line of `GET /api/tokens/history`, newest first. */
export const HistoryLine = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([
    Type.Literal('gift'),
    Type.Literal('fee'),
    Type.Literal('refund'),
    Type.Literal('prize'),
    Type.Literal('claim'),
  ]),
  amount: Type.Integer(),
  /** The game the movement belongs to, or null (a gift, or a tournament's). */
  gameId: Type.Union([Type.Integer(), Type.Null()]),
  /** The tournament of a tournament's fee, refund or prize (docs/tournaments.md), or null. */
  tournamentId: Type.Union([Type.Integer(), Type.Null()]),
  timestamp: Type.String(),
});
export type HistoryLine = Static<typeof HistoryLine>;
export const HistoryResponse = Type.Array(HistoryLine);

export const LeaderboardQuery = Type.Object({
  by: Type.Optional(Type.Union([Type.Literal('balance'), Type.Literal('wins')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const LeaderboardEntry = Type.Object({
  rank: Type.Integer(),
  id: Type.Integer(),
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  balance: Type.Integer(),
  wins: Type.Integer(),
  gamesPlayed: Type.Integer(),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;
export const LeaderboardResponse = Type.Array(LeaderboardEntry);

/** `GET /api/friends/online`: status online, away or offline. */
export const OnlineFriend = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('online'), Type.Literal('away'), Type.Literal('offline')]),
});
export type OnlineFriend = Static<typeof OnlineFriend>;
export const OnlineFriends = Type.Array(OnlineFriend);
export const AddFriendBody = Type.Object({ username: Text(320) });
export const FriendParams = Type.Object({ id: Type.Integer() });
export const AvatarParams = Type.Object({ file: Type.String({ maxLength: 400 }) });

/** `GET /api/profile`: the signed-in player's own page. */
export const ProfileResponse = Type.Object({
  user: UserBody,
  balance: Type.Integer(),
  wins: Type.Integer(),
  gamesPlayed: Type.Integer(),
});
export type ProfileResponse = Static<typeof ProfileResponse>;

/**
 * Limits of the waitlist form and the help page's contact form, in characters after trimming
 * (a name and a subject need at least 1, a message too; the note may be empty). The service
 * checks them with form messages and the web client checks them before sending.
 */
export const INBOX_LIMITS = { name: 80, email: 320, note: 1000, subject: 120, message: 2000 } as const;

/**
 * `POST /api/waitlist` (docs/product.md §D5). The service checks the real limits (name 1–80, a valid
 * e-mail, note at most 1000, after trimming) with messages fit for a form; these looser bounds only
 * cap what the server reads.
 */
export const WaitlistBody = Type.Object({
  name: Text(400),
  email: Text(1000),
  note: OptionalText(5000),
});
export type WaitlistBody = Static<typeof WaitlistBody>;
/** `alreadyListed`: this e-mail had applied before; the new application is stored all the same. */
export const WaitlistResponse = Type.Object({ message: Type.String(), alreadyListed: Type.Boolean() });
export type WaitlistResponse = Static<typeof WaitlistResponse>;

/** `POST /api/support`: the help page's contact form (subject 1–120, message 1–2000, checked by the service). */
export const SupportBody = Type.Object({ subject: Text(600), message: Text(10_000) });
export type SupportBody = Static<typeof SupportBody>;
