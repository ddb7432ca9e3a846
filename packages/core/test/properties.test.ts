import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_LEVELS,
  type AiLevel,
  applyCommand,
  type Card,
  type Command,
  createRng,
  DECK_SIZE,
  decide,
  decksFor,
  evolveAll,
  type GameState,
  legalMoves,
  moveToCommand,
  nextInt,
  PRESETS,
  type PresetName,
  randomLegalMove,
  replayStates,
  stateHash,
  tableOptions,
  viewFor,
} from '../src/index.js';
import { allCards, deepFreeze, hiddenCards, mapCards } from './hidden.js';
import { type PlayedGame, playGame } from './play.js';

/** A random table: preset, flow, seat count, AI levels and seed. */
const tableArb = fc.record({
  preset: fc.constantFrom<PresetName>('classic', 'easy', 'wild'),
  flow: fc.constantFrom('auto' as const, 'manual' as const),
  players: fc.integer({ min: 2, max: 8 }),
  mustPlayAll: fc.boolean(),
  chooseFaceUp: fc.boolean(),
  startNeedsReady: fc.boolean(),
  // `strong` searches hundreds of playouts per move: strong-ai.test.ts covers it with a small budget.
  levels: fc.array(fc.constantFrom<AiLevel>(...AI_LEVELS.filter((l) => l !== 'strong')), {
    minLength: 1,
    maxLength: 3,
  }),
  seed: fc.string({ minLength: 1, maxLength: 12 }),
});
type Table = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;

function play(t: Table): PlayedGame {
  const rules = { ...PRESETS[t.preset].rules, mustPlayAllSameValue: t.mustPlayAll, chooseFaceUp: t.chooseFaceUp };
  const options = tableOptions({ rules, flow: t.flow, maxSeats: t.players, startNeedsReady: t.startNeedsReady });
  return playGame(options, t.players, `prop:${t.seed}`, t.levels);
}

const runs = (n: number): { numRuns: number } => ({ numRuns: n });

describe('core properties', () => {
  it('game - every game ends, with a winner first in the standings', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states } = play(t);
        const last = states[states.length - 1] as GameState;
        expect(last.phase).toBe('finished');
        expect(last.result?.standings.map((s) => s.seat).sort()).toEqual(last.seats.map((s) => s.id).sort());
        expect(last.result?.standings[0]?.seat).toBe(last.result?.winner);
        if (last.result?.reason === 'out') expect(last.result.standings[0]?.cardsLeft).toBe(0);
      }),
      runs(60),
    );
  });

  it('cards - are conserved at every step: same cards, each exactly once', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states } = play(t);
        const dealt = states.find((s) => allCards(s).length > 0) as GameState;
        const reference = new Map(allCards(dealt).map((c) => [c.id, `${c.rank}/${c.suit}`]));
        const decks = decksFor(t.players);
        expect(reference.size).toBe(decks * DECK_SIZE);
        for (const state of states) {
          const cards = allCards(state);
          if (cards.length === 0) continue;
          expect(cards.length).toBe(reference.size);
          // One expect per state (an expect per card made this the suite's slowest test, 11 s).
          const changed = cards.filter((c) => reference.get(c.id) !== `${c.rank}/${c.suit}`).map((c) => c.id);
          expect(changed).toEqual([]);
          expect(new Set(cards.map((c) => c.id)).size).toBe(reference.size);
        }
      }),
      runs(60),
    );
  });

  it('view - never holds a hidden card, the seed or the RNG state, for any viewer', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states, record } = play(t);
        for (const state of states.filter((_, i) => i % 7 === 0 || i === states.length - 1)) {
          for (const viewer of [null, ...state.seats.map((s) => s.id)]) {
            // Mark every hidden card so a leak of its id, rank or suit would show in the text.
            const hidden = new Set(hiddenCards(state, viewer).map((c) => c.id));
            const marked = mapCards(state, (c) =>
              hidden.has(c.id) ? ({ id: `LEAK-${c.id}`, rank: c.rank, suit: `LEAK-${c.suit}` } as unknown as Card) : c,
            );
            const text = JSON.stringify(viewFor(marked, viewer));
            expect(text).not.toContain('LEAK');
            expect(text).not.toContain(record.seed);
            for (const word of state.rng) expect(text).not.toContain(String(word));
          }
        }
      }),
      runs(30),
    );
  });

  it('view - does not change when hidden cards are permuted among themselves', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (t, salt) => {
        const { states } = play(t);
        const rng = createRng(`perm:${salt}`);
        for (const state of states.filter((_, i) => i % 11 === 0)) {
          for (const viewer of [null, ...state.seats.map((s) => s.id)]) {
            const hidden = hiddenCards(state, viewer);
            const faces = hidden.map((c) => ({ rank: c.rank, suit: c.suit }));
            for (let i = faces.length - 1; i > 0; i--) {
              const j = nextInt(rng, i + 1);
              [faces[i], faces[j]] = [faces[j] as Card, faces[i] as Card];
            }
            const swap = new Map(hidden.map((c, i) => [c.id, { ...c, ...faces[i] }]));
            const permuted = mapCards(state, (c) => swap.get(c.id) ?? c);
            expect(viewFor(permuted, viewer)).toEqual(viewFor(state, viewer));
          }
        }
      }),
      runs(20),
    );
  });

  it('moves - every legal move is accepted and the generator agrees with the validator', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states } = play(t);
        for (const state of states.filter((s) => s.phase === 'playing')) {
          const seat = state.seats[state.turn];
          if (seat === undefined) throw new Error('no seat to move');
          const moves = legalMoves(state, state.turn);
          expect(moves.length).toBeGreaterThan(0);
          for (const move of moves) expect(decide(state, moveToCommand(seat.id, move)).ok).toBe(true);
          // Every single card the validator accepts is in some legal move, and vice versa.
          const offered = new Set(moves.flatMap((m) => (m.type === 'play' ? [...m.cardIds] : [])));
          const own = [...seat.hand, ...seat.faceUp].map((c) => c.id).concat(seat.faceDown.map((_, i) => `blind-${i}`));
          for (const id of own) {
            const single = decide(state, { type: 'play', seat: seat.id, cardIds: [id] }).ok;
            if (!state.options.rules.mustPlayAllSameValue) expect(single).toBe(offered.has(id));
            else if (single) expect(offered.has(id)).toBe(true);
          }
          expect(moves.some((m) => m.type === 'pickUp')).toBe(state.pile.length > 0);
          // randomLegalMove makes the same draw and gives the same move as indexing the full list.
          const a = createRng(`draw:${state.moves}`);
          const b = createRng(`draw:${state.moves}`);
          expect(randomLegalMove(state, state.turn, a)).toEqual(moves[nextInt(b, moves.length)]);
        }
      }),
      runs(40),
    );
  });

  it('commands - random illegal commands are refused and change nothing', () => {
    fc.assert(
      fc.property(tableArb, fc.array(fc.nat(), { minLength: 40, maxLength: 40 }), (t, picks) => {
        const { states } = play(t);
        let k = 0;
        const pick = <T>(items: readonly T[]): T => items[(picks[k++ % picks.length] ?? 0) % items.length] as T;
        for (const state of states.filter((_, i) => i % 5 === 0)) {
          const frozen = deepFreeze(structuredClone(state));
          const before = stateHash(frozen);
          const ids = [...allCards(state).map((c) => c.id), 'blind-0', 'blind-2', 'blind-9', 'nope'];
          const seats = [...state.seats.map((s) => s.id), 'stranger'];
          const candidates: Command[] = [
            { type: 'play', seat: pick(seats), cardIds: [pick(ids)] },
            { type: 'play', seat: pick(seats), cardIds: [pick(ids), pick(ids)] },
            { type: 'play', seat: pick(seats), cardIds: [] },
            { type: 'pickUp', seat: pick(seats) },
            { type: 'chooseFaceUp', seat: pick(seats), cardIds: [pick(ids), pick(ids), pick(ids)] },
            { type: 'start', seat: pick(seats) },
            { type: 'ready', seat: pick(seats), ready: true },
            { type: 'sit', seat: pick(seats), name: 'X', ai: null },
          ];
          for (const command of candidates) {
            // Frozen input: any write inside decide or evolve would throw here.
            const applied = applyCommand(frozen, command);
            expect(stateHash(frozen)).toBe(before);
            if (!applied.ok) expect(applied.error.message.length).toBeGreaterThan(0);
          }
        }
      }),
      runs(30),
    );
  });

  it('replay - the record reproduces every intermediate state exactly', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states, record } = play(t);
        const replayed = replayStates(JSON.parse(JSON.stringify(record)));
        expect(replayed.ok).toBe(true);
        if (!replayed.ok) return;
        expect(replayed.value.length).toBe(states.length);
        replayed.value.forEach((state, i) => {
          expect(stateHash(state)).toBe(stateHash(states[i]));
        });
      }),
      runs(40),
    );
  });

  it('state - survives a JSON round-trip and plays on identically', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states, record } = play(t);
        for (let i = 0; i < states.length - 1; i += 3) {
          const state = states[i] as GameState;
          const copy = JSON.parse(JSON.stringify(state)) as GameState;
          expect(copy).toEqual(state);
          const command = record.entries[i]?.command as Command;
          const a = decide(state, command);
          const b = decide(copy, command);
          expect(b).toEqual(a);
          if (a.ok && b.ok) expect(stateHash(evolveAll(copy, b.value))).toBe(stateHash(states[i + 1]));
        }
      }),
      runs(25),
    );
  });

  it('events - never name a card that is hidden after them', () => {
    fc.assert(
      fc.property(tableArb, (t) => {
        const { states, record } = play(t);
        for (let i = 0; i < record.entries.length; i++) {
          const before = states[i] as GameState;
          const decision = decide(before, (record.entries[i] as { command: Command }).command);
          if (!decision.ok) throw new Error('recorded command refused');
          const after = states[i + 1] as GameState;
          const hiddenToAll = new Set(hiddenCards(after, null).map((c) => c.id));
          // Cards in hands are hidden from others: allowed in events only if they were public before.
          const publicBefore = new Set([...before.pile, ...before.seats.flatMap((s) => s.faceUp)].map((c) => c.id));
          const named = JSON.stringify(decision.value).match(/"id":"c\d+"/g) ?? [];
          for (const m of named) {
            const id = m.slice(6, -1);
            const revealed = decision.value.some(
              (e) =>
                ((e.type === 'played' || e.type === 'faceUpChosen') && e.cards.some((c) => c.id === id)) ||
                (e.type === 'blindFlipped' && e.card.id === id),
            );
            expect(revealed || publicBefore.has(id) || !hiddenToAll.has(id)).toBe(true);
          }
        }
      }),
      runs(25),
    );
  });
});
