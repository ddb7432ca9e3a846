import { type Command, type GameState, MIN_SEATS, type RuleError } from '@palace/core';
import { create } from 'zustand';
import { moveOf } from '../../table/sentences.js';
import { describeEvents, type LocalMove, newHotSeatTable, randomSeed, run } from './local-game.js';

/** docs/product.md §P2.9 for this prototype: 2 to 4 players at one device. */
export const MIN_PLAYERS = MIN_SEATS;
export const MAX_PLAYERS = 4;
/** Longest player name (docs/product.md §P2.9's username limit). */
export const NAME_MAX = 15;

interface HotSeatState {
  /** The engine's game, or null before a table is created. */
  readonly game: GameState | null;
  /** The seat whose private cards are on screen; anyone else's turn shows the cover first. */
  readonly shownFor: string | null;
  readonly last: string;
  /** Who made the last move and what it was (the table's motion). */
  readonly lastMove: LocalMove | null;
  /** This deal's seed: the hints' generator starts from it. */
  readonly seed: string;
  /** Hints each seat used in this deal (docs/web.md "Hints and the computer in a worker"). */
  readonly hintsUsed: Readonly<Record<string, number>>;
  /** Counts a hint `seat` used. */
  countHint(seat: string): void;
  /** A table for `players` players with `name` in the first seat. */
  create(name: string, players: number): void;
  /** Another local player takes the next seat. */
  join(name: string): RuleError | null;
  /** Deal; the face-up choice comes next. */
  start(): RuleError | null;
  /** The same players, a new deal. */
  playAgain(): void;
  /** Back to the create form. */
  close(): void;
  /** The player at the device confirms who they are: their cards show. */
  reveal(seat: string): void;
  command(command: Command): RuleError | null;
}

function seatId(n: number): string {
  return `p${n + 1}`;
}

/**
 * The seat whose private cards the screen must show now: the next player still choosing face-up
 * cards (in seat order) during setup, the player to move in play, nobody otherwise.
 */
export function dueSeat(game: GameState): string | null {
  if (game.phase === 'setup') return game.seats.find((s) => !s.ready)?.id ?? null;
  if (game.phase === 'playing') return game.seats[game.turn]?.id ?? null;
  return null;
}

/** The multiplayer-style prototype (`/simplified`): hot-seat players on one device, no server. */
export const useHotSeat = create<HotSeatState>()((set, get) => {
  const apply = (command: Command): RuleError | null => {
    const { game } = get();
    if (game === null) return null;
    const applied = run(game, command);
    if (!applied.ok) return applied.error;
    set({
      game: applied.value.state,
      last: describeEvents(applied.value.state, applied.value.events),
      lastMove: moveOf(applied.value.events),
    });
    return null;
  };
  return {
    game: null,
    shownFor: null,
    last: '',
    lastMove: null,
    seed: '',
    hintsUsed: {},
    countHint(seat) {
      set((now) => ({ hintsUsed: { ...now.hintsUsed, [seat]: (now.hintsUsed[seat] ?? 0) + 1 } }));
    },
    create(name, players) {
      const seed = randomSeed();
      const table = newHotSeatTable(players, seed);
      set({ game: table, shownFor: null, last: '', lastMove: null, seed, hintsUsed: {} });
      apply({ type: 'sit', seat: seatId(0), name: name.trim(), ai: null });
    },
    join(name) {
      const { game } = get();
      if (game === null) return null;
      return apply({ type: 'sit', seat: seatId(game.seats.length), name: name.trim(), ai: null });
    },
    start() {
      return apply({ type: 'start', seat: seatId(0) });
    },
    playAgain() {
      const { game } = get();
      if (game === null) return;
      const seed = randomSeed();
      let next = newHotSeatTable(game.options.maxSeats, seed);
      for (const seat of game.seats) {
        const applied = run(next, { type: 'sit', seat: seat.id, name: seat.name, ai: null });
        if (applied.ok) next = applied.value.state;
      }
      set({ game: next, shownFor: null, last: '', lastMove: null, seed, hintsUsed: {} });
      apply({ type: 'start', seat: seatId(0) });
    },
    close() {
      set({ game: null, shownFor: null, last: '', lastMove: null, hintsUsed: {} });
    },
    reveal(seat) {
      set({ shownFor: seat });
    },
    command: apply,
  };
});
