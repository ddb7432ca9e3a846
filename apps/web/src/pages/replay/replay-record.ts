import {
  type Command,
  decide,
  type GameEvent,
  type GameRecord,
  type GameState,
  RECORD_VERSION,
  replayStates,
} from '@palace/core';
import { describeMove } from '../../table/sentences.js';

/**
 * The record file the server publishes when a game is over (docs/api.md "Records"): the engine's
 * record plus the game's kind, id and fair-deal commitment. A record saved by other tools has only
 * the engine's fields; those three are then null.
 */
export interface LoadedRecord {
  readonly record: GameRecord;
  readonly variant: string | null;
  readonly gameId: string | null;
  /** Hex sha256 of the seed, as the game published it while it ran; null when the file has none. */
  readonly commitment: string | null;
}

/** One step of the replay: the state after it and what it did, in words. */
export interface ReplayStep {
  readonly state: GameState;
  /** "Ann played 7♥ — the next player must play 7 or lower"; for step 0, how the table began. */
  readonly text: string;
  /** When the command was accepted (ms since the epoch); the record's creation time for step 0. */
  readonly at: number;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const NOT_A_RECORD = 'This file is not a Palace game record.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Reads a record file's text. Checks its shape only (the replay checks every command against the
 * rules); a file that is not JSON, not a Palace record or of an unknown version gets a clear message.
 */
export function parseRecordFile(source: string): Parsed<LoadedRecord> {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    return { ok: false, error: 'This file is not valid JSON, so it cannot be a Palace game record.' };
  }
  if (!isObject(json) || json.format !== 'palace-record') return { ok: false, error: NOT_A_RECORD };
  if (json.version !== RECORD_VERSION) {
    return {
      ok: false,
      error: `This record has format version ${String(json.version)}, which this viewer cannot read.`,
    };
  }
  const shaped =
    isObject(json.options) &&
    typeof json.seed === 'string' &&
    typeof json.createdAt === 'number' &&
    Array.isArray(json.seats) &&
    Array.isArray(json.entries) &&
    json.entries.every((e) => isObject(e) && typeof e.at === 'number' && isObject(e.command)) &&
    (json.result === null || isObject(json.result));
  if (!shaped) return { ok: false, error: NOT_A_RECORD };
  const record = json as unknown as GameRecord;
  return {
    ok: true,
    value: { record, variant: text(json.variant), gameId: text(json.gameId), commitment: text(json.commitment) },
  };
}

/** The engine's events of one recorded command (the record holds commands; the words come from events). */
function eventsOf(state: GameState, command: Command): readonly GameEvent[] {
  const decided = decide(state, command);
  return decided.ok ? decided.value : [];
}

/** Words for a step whose events tell nothing on their own (a command that changed nothing visible). */
const QUIET: Readonly<Record<Command['type'], string>> = {
  sit: 'A seat was taken',
  leave: 'A player left',
  ready: 'A player changed their ready flag',
  start: 'The game started',
  chooseFaceUp: 'Face-up cards were chosen',
  play: 'Cards were played',
  pickUp: 'The pile was picked up',
};

/**
 * Every step of the game, replayed by the engine (`replayStates`): the dealt table, then one step
 * per recorded command. Fails with the engine's message when the record is damaged or forged (a
 * command the rules refuse, or an end that differs from the one it states).
 */
export function replaySteps(record: GameRecord): Parsed<ReplayStep[]> {
  const replayed = replayStates(record);
  if (!replayed.ok) return { ok: false, error: `This record does not replay: ${replayed.error.message}.` };
  const states = replayed.value;
  const steps: ReplayStep[] = [{ state: states[0] as GameState, text: 'The table is set up', at: record.createdAt }];
  record.entries.forEach((entry, i) => {
    const before = states[i] as GameState;
    const after = states[i + 1] as GameState;
    const events = eventsOf(before, entry.command);
    const nameOf = (seat: string) => before.seats.find((s) => s.id === seat)?.name;
    const words = describeMove(after, events, { setup: true, nameOf });
    steps.push({ state: after, text: words === '' ? QUIET[entry.command.type] : words, at: entry.at });
  });
  return { ok: true, value: steps };
}

/** What the deal check found: the seed hashes to the commitment, it does not, or there is nothing to check. */
export type DealCheck = 'verified' | 'mismatch' | 'none';

/** Hex sha256 of `text` (UTF-8), with the browser's WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Checks the fair deal (docs/product.md §D7): sha256 of the revealed seed against the published commitment. */
export async function checkDeal(loaded: LoadedRecord): Promise<DealCheck> {
  if (loaded.commitment === null) return 'none';
  const hash = await sha256Hex(loaded.record.seed);
  return hash === loaded.commitment.toLowerCase() ? 'verified' : 'mismatch';
}

/** Where the server publishes a finished game's record; `download` asks for a file save. */
export function recordUrl(variant: string, gameId: string, download = false): string {
  const path = `/api/records/${encodeURIComponent(variant)}/${encodeURIComponent(gameId)}`;
  return download ? `${path}?download=1` : path;
}

/** What fetching a record found: the file, or a message fit for the page (with the status). */
export async function fetchRecord(variant: string, gameId: string): Promise<Parsed<LoadedRecord>> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(recordUrl(variant, gameId), { cache: 'no-store' });
    body = await response.text();
  } catch {
    return { ok: false, error: 'Could not reach the server. Check your connection and try again.' };
  }
  if (response.ok) return parseRecordFile(body);
  let message: string | null = null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (isObject(parsed)) message = text(parsed.error);
  } catch {
    // Not JSON: the generic message below.
  }
  return { ok: false, error: message ?? `The server answered ${response.status}.` };
}
