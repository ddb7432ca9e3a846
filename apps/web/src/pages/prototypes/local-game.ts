import {
  type Applied,
  applyCommand,
  type Command,
  createGame,
  DEFAULT_RULES,
  type GameEvent,
  type GameState,
  type Result,
  type RuleError,
  type Rules,
  tableOptions,
} from '@palace/core';
import { describeMove, type moveOf } from '../../table/sentences.js';

/**
 * The offline prototypes' glue to `@palace/core` (docs/product.md §D2: one engine). Nothing here decides a
 * rule: games are created, driven and described only through the engine's own functions.
 */

/** Single-player prototype: 3 face-down, 3 face-up, 3 in hand, no setup step (docs/product.md §D3). */
export const SINGLE_PLAYER_RULES: Rules = { ...DEFAULT_RULES, chooseFaceUp: false };
/** Multiplayer-style prototype: each player chooses 3 face-up cards before play (docs/product.md §D3). */
export const HOT_SEAT_RULES: Rules = { ...DEFAULT_RULES, chooseFaceUp: true };

/** docs/product.md §P2.9: the AI acts 1.5 s after its turn comes. */
export const AI_DELAY_MS = 1500;
export const HUMAN_SEAT = 'you';
export const AI_SEAT = 'ai';
export const AI_NAME = 'AI';

/** A fresh seed from the browser's CSPRNG (128 bits as hex). */
export function randomSeed(): string {
  const words = new Uint32Array(4);
  crypto.getRandomValues(words);
  return Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');
}

/** Applies commands in order; stops at the first refusal (a bug in these callers: they are legal). */
function applyAll(state: GameState, commands: readonly Command[]): GameState {
  let next = state;
  for (const command of commands) {
    const applied = applyCommand(next, command);
    if (!applied.ok) throw new Error(`${command.type} refused: ${applied.error.code}`);
    next = applied.value.state;
  }
  return next;
}

/**
 * You against the prototype AI, dealt and started. The first player is the engine's rule (lowest
 * hand card among 3–A): the deal is random, so who starts is too.
 */
export function newSinglePlayerGame(seed: string, name = 'You'): GameState {
  const table = createGame(tableOptions({ rules: SINGLE_PLAYER_RULES, maxSeats: 2 }), seed);
  return applyAll(table, [
    { type: 'sit', seat: HUMAN_SEAT, name, ai: null },
    { type: 'sit', seat: AI_SEAT, name: AI_NAME, ai: 'prototype' },
    { type: 'start', seat: HUMAN_SEAT },
  ]);
}

/** An empty hot-seat table for `players` (2–4) local players. */
export function newHotSeatTable(players: number, seed: string): GameState {
  return createGame(tableOptions({ rules: HOT_SEAT_RULES, maxSeats: players }), seed);
}

/** Runs one command through the engine. */
export function run(state: GameState, command: Command): Result<Applied, RuleError> {
  return applyCommand(state, command);
}

/**
 * One line telling what a move did, from the engine's events (`state` is the state after them, for
 * the names). `you` is the seat shown as "You". The wording is the shared one (lib/move-text.ts),
 * so the prototypes and the replay viewer say the same thing.
 */
/** Who made a move of a local game and what it was (see `moveOf`). */
export type LocalMove = NonNullable<ReturnType<typeof moveOf>>;

export function describeEvents(state: GameState, events: readonly GameEvent[], you: string | null = null): string {
  return describeMove(state, events, { you });
}
