import type { Generated } from 'kysely';
import type {
  DailyAttemptsTable,
  DailySecretTable,
  RatingHistoryTable,
  RatingsTable,
  TournamentsTable,
} from './schema-competition.js';

export type { DailyAttemptsTable, DailySecretTable, RatingHistoryTable, RatingsTable, TournamentsTable };

/** One row per game. JSON columns hold plain JSON text. Times are integer ms since the epoch. */
export interface GamesTable {
  id: string;
  kind: string;
  version: number;
  created_at: number;
  updated_at: number;
  ai_due_at: number | null;
  ai_delay_ms: number;
  commitment: string;
  /** The engine state (never sent to clients as it is). */
  state: string;
  /** The record without its entries (those are rows of `game_entries`). */
  record_head: string;
  /** How many rows of `game_entries` belong to this game. */
  entry_count: number;
  meta: string;
  /** 1 when the game shows in its variant's public list, else 0 (added by migration 0002). */
  listed: number;
  /** The engine phase (waiting, setup, playing, finished), for the idle sweep (migration 0006). */
  phase: string;
  /** When the due human seats run out of time, or null (the seat clock's `turnDueAt`; migration 0006). */
  turn_due_at: number | null;
  /** The rest of the seat clock as JSON: `{ strikes, away }` (migration 0006). */
  seat_clock: string;
  /** When a seat holder was last seen on any node, or null (throttled writes; migration 0007). */
  seen_at: number | null;
  /**
   * When this finished game's `game_entries` rows were removed (`RECORDS_KEEP_DAYS`), or null while
   * they are kept (migration 0016; docs/deploy.md "Retention").
   */
  entries_removed_at: number | null;
}

/** The accepted commands of each game, appended as they happen. */
export interface GameEntriesTable {
  game_id: string;
  seq: number;
  at: number;
  command: string;
}

/** Registered users (positive ids), guests (negative ids) and the house (id 0). */
export interface UsersTable {
  id: number;
  username: string;
  /** Lower-cased username of a registered user (unique); null for guests and the house. */
  username_key: string | null;
  /** Lower-cased; unique; null for guests and the house. */
  email: string | null;
  password_hash: string | null;
  avatar: string | null;
  /** Tokens held. Never below zero except for the house, whose negative balance is all tokens minted. */
  balance: number;
  created_at: number;
  /** The owner's id for a bot account, else null (migration 0010). */
  bot_owner_id: number | null;
  /** When the account was deleted (anonymised), else null (migration 0011). */
  deleted_at: number | null;
}

export interface InviteCodesTable {
  code: string;
  uses_left: number;
  created_at: number;
}

export interface SessionsTable {
  /** sha256 of the session token (the token itself is never stored). */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/**
 * Double-entry token ledger: every movement is two rows with opposite amounts (the user and the
 * house, or two users), written in the same transaction as the balances they change.
 */
export interface LedgerTable {
  id: Generated<number>;
  /** Rows of one movement share it. */
  movement: string;
  user_id: number;
  amount: number;
  /** gift, fee, refund, prize, claim. */
  kind: string;
  game_id: string | null;
  at: number;
}

/** Named counters (guest ids). */
export interface CountersTable {
  name: string;
  value: number;
}

/** A finished game's outcome per account (recent games, wins on the leaderboard). */
export interface ResultsTable {
  game_id: string;
  user_id: number;
  kind: string;
  /** 1 for the winner. */
  won: number;
  finished_at: number;
}

/** A guest winner's prize, waiting for an account that played as that guest to claim it. */
export interface HeldPrizesTable {
  game_id: string;
  guest_id: number;
  amount: number;
  created_at: number;
  claimed_by: number | null;
  claimed_at: number | null;
}

/** A guest identity carried over into an account (register or log in from the guest's session). */
export interface GuestLinksTable {
  guest_id: number;
  user_id: number;
  created_at: number;
}

/** One row per direction: adding a friend stores both. */
export interface FriendsTable {
  user_id: number;
  friend_id: number;
  created_at: number;
}

/** Waitlist applications (docs/product.md §D5); a repeated e-mail is stored again as its own row. */
export interface WaitlistTable {
  id: Generated<number>;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** Empty when none was given. */
  note: string;
  created_at: number;
}

/** Messages from the help page's contact form. */
export interface SupportMessagesTable {
  id: Generated<number>;
  /** The signed-in sender (guests included), or null for a visitor. */
  user_id: number | null;
  subject: string;
  message: string;
  created_at: number;
}

/**
 * Who runs a server-side job of a game (an AI turn, the turn clock, expiry) right now: one node at a
 * time across the cluster, until `expires_at` (a node that dies mid-job loses it then). Migration 0007.
 */
export interface GameLeasesTable {
  /** The game id, or the game id with a suffix for a separate job. */
  key: string;
  /** The node id holding it. */
  holder: string;
  expires_at: number;
}

/** The server nodes sharing the database, each saying it is alive every few seconds. Migration 0007. */
export interface ClusterNodesTable {
  node_id: string;
  started_at: number;
  alive_at: number;
}

/** Each signed-in user's live socket (one per user): on which node, last activity. Migration 0007. */
export interface PresenceTable {
  user_id: number;
  node_id: string;
  connection_id: string;
  active_at: number;
}

/**
 * The abuse limits' counts shared by the nodes (migration 0008): per key, the hits of its current
 * fixed window (opened by its first event, ms since the epoch); `expires_at` is when it ends.
 */
export interface RateCountersTable {
  key: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

/** A bot's current token, by its sha-256 hash only (migration 0010; docs/bots.md). */
export interface BotTokensTable {
  bot_id: number;
  token_hash: string;
  created_at: number;
}

/** A registered player's preferences as JSON; no row means the defaults (migration 0011). */
export interface UserPreferencesTable {
  user_id: number;
  /** JSON of the protocol's `Preferences`. */
  preferences: string;
  updated_at: number;
}

/**
 * A player's notification (migration 0013): so far a friend's invitation into a main game, one per
 * sender and game (sending it again renews it). Times in ms since the epoch.
 */
export interface NotificationsTable {
  id: Generated<number>;
  /** The player it is for. */
  user_id: number;
  /** `game_invite`. */
  kind: string;
  from_user_id: number;
  game_id: string;
  /** The game's name when the invitation was sent. */
  game_name: string;
  created_at: number;
  /** When the player saw it, or null while unread. */
  read_at: number | null;
}

/** A finished game's post-game review (docs/records.md "Reviews"), computed once and kept. */
export interface GameReviewsTable {
  variant: string;
  game_id: string;
  /** JSON of the engine's `GameReview`. */
  review: string;
  created_at: number;
}

export interface Database {
  daily_secret: DailySecretTable;
  daily_attempts: DailyAttemptsTable;
  game_reviews: GameReviewsTable;
  notifications: NotificationsTable;
  tournaments: TournamentsTable;
  user_preferences: UserPreferencesTable;
  bot_tokens: BotTokensTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  rate_counters: RateCountersTable;
  game_leases: GameLeasesTable;
  cluster_nodes: ClusterNodesTable;
  presence: PresenceTable;
  waitlist: WaitlistTable;
  support_messages: SupportMessagesTable;
  results: ResultsTable;
  held_prizes: HeldPrizesTable;
  guest_links: GuestLinksTable;
  friends: FriendsTable;
  games: GamesTable;
  game_entries: GameEntriesTable;
  users: UsersTable;
  invite_codes: InviteCodesTable;
  sessions: SessionsTable;
  ledger: LedgerTable;
  counters: CountersTable;
}
