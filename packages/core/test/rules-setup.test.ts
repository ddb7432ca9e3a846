/**
 * Named cases for docs/product.md §D3 and §D4 around the table rather than the pile: dealing, decks, the
 * face-up choice, the first player, standings, the move cap, presets, flows and seats.
 */
import { describe, expect, it } from 'vitest';
import {
  applyCommand,
  createGame,
  DEFAULT_RULES,
  decksFor,
  firstPlayer,
  type GameState,
  isPresetName,
  MOVE_CAP,
  PRESETS,
  pickFaceUp,
  RULE_ERRORS,
  rulesFrom,
  type TableOptions,
  tableOptions,
} from '../src/index.js';
import {
  chooseFaceUp,
  eventsOf,
  idsOf,
  pickUp,
  play,
  refuse,
  run,
  runAll,
  seatOf,
  sit,
  table,
  typesOf,
} from './build.js';

const manual = (maxSeats: number, extra: Partial<TableOptions> = {}): GameState =>
  createGame(tableOptions({ flow: 'manual', maxSeats, ...extra }), 'seed');
const auto = (maxSeats: number): GameState => createGame(tableOptions({ flow: 'auto', maxSeats }), 'seed');
const seated = (state: GameState, players: number): GameState =>
  runAll(
    state,
    Array.from({ length: players }, (_, i) => sit(i)),
  );
const allIds = (state: GameState): string[] => [
  ...idsOf(state.deck),
  ...state.seats.flatMap((s) => [...idsOf(s.hand), ...idsOf(s.faceUp), ...idsOf(s.faceDown)]),
];

/** A setup-phase table: two seats with six hand cards each, nobody has chosen yet. */
const setup = (): GameState =>
  table({
    phase: 'setup',
    seats: [
      { hand: ['3h', 'Kh', 'Kd', 'Kc', 'Qh', 'Qd'], ready: false },
      { hand: ['5h', '6h', '7h', '8h', '9h', 'Jh'], ready: false },
    ],
  });

describe('decks and dealing', () => {
  it('decks - one deck for 2-5 players, two for 6-8', () => {
    expect([2, 3, 4, 5, 6, 7, 8].map(decksFor)).toEqual([1, 1, 1, 1, 2, 2, 2]);
  });

  it('two decks - a manual 6-player start deals from 104 cards', () => {
    const { state, events } = run(seated(manual(6), 6), { type: 'start', seat: 's0' });
    expect(events[0]).toEqual({ type: 'shuffled', decks: 2 });
    const ids = allIds(state);
    expect(ids.length).toBe(104);
    expect(new Set(ids).size).toBe(104);
    expect(state.deck.length).toBe(104 - 6 * 9);
  });

  it('one deck - a manual 5-player start deals from 52 cards', () => {
    const { state, events } = run(seated(manual(5), 5), { type: 'start', seat: 's0' });
    expect(events[0]).toEqual({ type: 'shuffled', decks: 1 });
    expect(allIds(state).length).toBe(52);
    expect(state.deck.length).toBe(52 - 5 * 9);
  });

  it('two decks - an auto table for 6 shuffles 104 cards at creation', () => {
    expect(auto(6).deck.length).toBe(104);
    expect(auto(5).deck.length).toBe(52);
  });
});

describe('face-up selection', () => {
  it.each([
    ['2 cards', ['3h', 'Kh']],
    ['4 cards', ['3h', 'Kh', 'Kd', 'Kc']],
    ['the same card 3 times', ['3h', '3h', '3h']],
  ])('face-up - choosing %s is refused with "You must select exactly 3 cards"', (_name, ids) => {
    const error = refuse(setup(), chooseFaceUp(0, ...ids), 'face_up/count');
    expect(error.message).toBe('You must select exactly 3 cards');
  });

  it('face-up - cards not in the hand are refused (face_up/not_in_hand)', () => {
    refuse(setup(), chooseFaceUp(0, '3h', 'Kh', '5h'), 'face_up/not_in_hand');
  });

  it('face-up - choosing twice is refused: the choice is final (face_up/already_chosen)', () => {
    const once = run(setup(), chooseFaceUp(0, 'Kh', 'Kd', 'Kc')).state;
    expect(idsOf(seatOf(once, 0).faceUp)).toEqual(['Kh', 'Kd', 'Kc']);
    expect(idsOf(seatOf(once, 0).hand)).toEqual(['3h', 'Qh', 'Qd']);
    expect(once.phase).toBe('setup');
    refuse(once, chooseFaceUp(0, '3h', 'Qh', 'Qd'), 'face_up/already_chosen');
  });

  it('face-up - refused when the rule is off (face_up/not_now)', () => {
    const state = seated(manual(2, { rules: { ...DEFAULT_RULES, chooseFaceUp: false } }), 2);
    refuse(state, chooseFaceUp(0, 'c0', 'c1', 'c2'), 'face_up/not_now');
  });

  it('face-up one card at a time - a second pick puts a card back, the third completes the choice', () => {
    const state = setup();
    const seat = seatOf(state, 0).id;
    const first = pickFaceUp(state, seat, [], 'Kh');
    expect(first).toEqual({ ok: true, value: { picked: ['Kh'], command: null } });
    expect(pickFaceUp(state, seat, ['Kh'], 'Kh')).toEqual({ ok: true, value: { picked: [], command: null } });
    const done = pickFaceUp(state, seat, ['Kh', 'Kd'], 'Kc');
    expect(done).toEqual({
      ok: true,
      value: { picked: [], command: { type: 'chooseFaceUp', seat, cardIds: ['Kh', 'Kd', 'Kc'] } },
    });
    if (done.ok && done.value.command !== null) run(state, done.value.command);
  });

  it('face-up one card at a time - refused by the rules of the whole choice', () => {
    const codeOf = (result: ReturnType<typeof pickFaceUp>) => (result.ok ? null : result.error.code);
    const state = setup();
    expect(codeOf(pickFaceUp(state, seatOf(state, 0).id, [], '5h'))).toBe('face_up/not_in_hand');
    const chosen = run(state, chooseFaceUp(0, 'Kh', 'Kd', 'Kc')).state;
    expect(codeOf(pickFaceUp(chosen, seatOf(chosen, 0).id, [], '3h'))).toBe('face_up/already_chosen');
    const off = seated(manual(2, { rules: { ...DEFAULT_RULES, chooseFaceUp: false } }), 2);
    expect(codeOf(pickFaceUp(off, seatOf(off, 0).id, [], 'c0'))).toBe('face_up/not_now');
    expect(codeOf(pickFaceUp(state, 'nobody', [], '3h'))).toBe('seat/unknown');
  });
});

describe('first player', () => {
  it('first player - the lowest card 3..A in hand, ignoring 2s and 10s', () => {
    const state = table({
      seats: [{ hand: ['9h', '2c', '10d'] }, { hand: ['5h', 'Kc'] }, { hand: ['2h', '10h', '4c'] }],
    });
    expect(firstPlayer(state)).toBe(2);
  });

  it('first player - a tie goes to the earliest seat', () => {
    const state = table({
      seats: [{ hand: ['5h'] }, { hand: ['4d', 'Ah'] }, { hand: ['4c', '3c'] }, { hand: ['4s'] }],
    });
    expect(firstPlayer(state)).toBe(2);
    const tied = table({ seats: [{ hand: ['6h'] }, { hand: ['4d', 'Ah'] }, { hand: ['4c', 'Kc'] }] });
    expect(firstPlayer(tied)).toBe(1);
  });

  it('first player - nobody holding a card 3..A goes to seat 0', () => {
    const state = table({ seats: [{ hand: ['2h', '10d'] }, { hand: ['2c'] }, { hand: ['10c', '10s'] }] });
    expect(firstPlayer(state)).toBe(0);
  });

  it('first player - counts the hand after the face-up choice, when play starts', () => {
    // Seat 0 lays its 3 face-up and keeps K Q Q; seat 1 keeps 5 6 7, so seat 1 starts.
    const state = runAll(setup(), [chooseFaceUp(0, '3h', 'Kh', 'Kd')]);
    const { state: next, events } = run(state, chooseFaceUp(1, '8h', '9h', 'Jh'));
    expect(eventsOf(events, 'started')).toEqual([{ type: 'started', first: 's1' }]);
    expect(next.phase).toBe('playing');
    expect(next.turn).toBe(1);
  });
});

describe('standings and the move cap', () => {
  it('standings - the winner first, then fewest cards left, ties by seat', () => {
    const state = table({
      seats: [{ hand: ['4h', '5h'] }, { hand: [] }, { hand: ['Ah'], faceDown: [] }, { hand: [] }],
      pile: ['Kh'],
      turn: 2,
    });
    const { events } = run(state, play(2, 'Ah'));
    const [over] = eventsOf(events, 'gameOver');
    expect(over).toEqual({
      type: 'gameOver',
      reason: 'out',
      winner: 's2',
      standings: [
        { seat: 's2', name: 'P2', place: 1, cardsLeft: 0 },
        { seat: 's1', name: 'P1', place: 2, cardsLeft: 3 },
        { seat: 's3', name: 'P3', place: 3, cardsLeft: 3 },
        { seat: 's0', name: 'P0', place: 4, cardsLeft: 5 },
      ],
    });
  });

  it('move cap - the 1,000th move (a pick-up) ends the game, fewest cards first', () => {
    expect(MOVE_CAP).toBe(1000);
    const state = table({ seats: [{ hand: ['4h'] }, { hand: ['6h'] }], pile: ['5h'], moves: 999 });
    const { state: next, events } = run(state, pickUp(0));
    expect(events).toEqual([
      { type: 'pickedUp', seat: 's0', count: 1, reason: 'choice' },
      { type: 'turn', seat: 's1', again: false },
      {
        type: 'gameOver',
        reason: 'moveCap',
        winner: 's1',
        standings: [
          { seat: 's1', name: 'P1', place: 1, cardsLeft: 4 },
          { seat: 's0', name: 'P0', place: 2, cardsLeft: 5 },
        ],
      },
    ]);
    expect(next.moves).toBe(1000);
    expect(next.phase).toBe('finished');
    expect(next.result?.reason).toBe('moveCap');
  });

  it('move cap - the 1,000th move (a play) ends the game, ties by seat', () => {
    const seats = [{ hand: ['9h', '4c'] }, { hand: ['6h', '7h'] }, { hand: ['5h'] }];
    const { events } = run(table({ seats, moves: 999 }), play(0, '9h'));
    const [over] = eventsOf(events, 'gameOver');
    expect(over?.reason).toBe('moveCap');
    expect(over?.standings.map((s) => [s.seat, s.cardsLeft])).toEqual([
      ['s0', 4],
      ['s2', 4],
      ['s1', 5],
    ]);
  });

  it('move cap - the 999th move does not end the game', () => {
    const state = table({ seats: [{ hand: ['4h'] }, { hand: ['6h'] }], pile: ['5h'], moves: 998 });
    const { state: next, events } = run(state, pickUp(0));
    expect(typesOf(events)).toEqual(['pickedUp', 'turn']);
    expect(next.moves).toBe(999);
    expect(next.phase).toBe('playing');
  });
});

describe('presets', () => {
  it('presets - classic: 2, 7, 8, 10, four of a kind; the engine default', () => {
    expect(PRESETS.classic.rules).toEqual({
      clearWithTens: true,
      sevenLower: true,
      eightSkips: true,
      burnFourOfAKind: true,
      mustPlayAllSameValue: false,
      invisibleThrees: false,
      nineReverses: false,
      chooseFaceUp: true,
    });
    expect(DEFAULT_RULES).toEqual(PRESETS.classic.rules);
    expect(PRESETS.classic.description).toBe(
      'The standard rules: 2 resets, 7 forces lower, 8 skips, 10 and four of a kind burn the pile.',
    );
  });

  it('presets - easy has sevenLower, eightSkips and burnFourOfAKind off', () => {
    expect(PRESETS.easy.rules).toEqual({
      ...PRESETS.classic.rules,
      sevenLower: false,
      eightSkips: false,
      burnFourOfAKind: false,
    });
    expect(PRESETS.easy.description).toBe('Just the basics: 2 resets, 10 burns. Best for learning.');
  });

  it('presets - easy accepts an 8 on a 7, and the 8 does not skip', () => {
    const state = table({ rules: PRESETS.easy.rules, seats: [{ hand: ['8h', 'Ac'] }, {}, {}], pile: ['7h'] });
    const { events } = run(state, play(0, '8h'));
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: false }]);
  });

  it('presets - wild is classic plus invisibleThrees and nineReverses', () => {
    expect(PRESETS.wild.rules).toEqual({ ...PRESETS.classic.rules, invisibleThrees: true, nineReverses: true });
    expect(PRESETS.wild.description).toBe('Classic with see-through 3s and 9s that reverse play.');
  });

  it('presets - names and overrides', () => {
    expect(['classic', 'easy', 'wild', 'hard'].map(isPresetName)).toEqual([true, true, true, false]);
    expect(rulesFrom('easy', { eightSkips: true })).toEqual({ ...PRESETS.easy.rules, eightSkips: true });
  });
});

describe('flows', () => {
  it('auto flow - a seated player is dealt 3 face-down and 6 hand cards at once', () => {
    const { state, events } = run(auto(4), sit(0));
    expect(events).toEqual([
      { type: 'seated', seat: 's0', name: 'P0', ai: null },
      { type: 'dealt', seat: 's0' },
    ]);
    const seat = seatOf(state, 0);
    expect([seat.faceDown.length, seat.faceUp.length, seat.hand.length]).toEqual([3, 0, 6]);
    expect(state.deck.length).toBe(52 - 9);
  });

  it('auto flow - starts by itself once 2+ seated players have all chosen face-up', () => {
    const pick = (state: GameState, i: number): GameState =>
      run(state, chooseFaceUp(i, ...idsOf(seatOf(state, i).hand.slice(0, 3)))).state;
    const alone = pick(run(auto(4), sit(0)).state, 0);
    expect(alone.phase).toBe('waiting');
    const two = run(alone, sit(1)).state;
    expect(two.phase).toBe('waiting');
    const applied = applyCommand(two, chooseFaceUp(1, ...idsOf(seatOf(two, 1).hand.slice(0, 3))));
    if (!applied.ok) throw new Error(applied.error.code);
    const [started] = eventsOf(applied.value.events, 'started');
    expect(applied.value.state.phase).toBe('playing');
    expect(started?.first).toBe(seatOf(two, firstPlayer(applied.value.state)).id);
    refuse(two, { type: 'start', seat: 's0' }, 'start/automatic');
  });

  it('manual flow - start with 1 player fails (start/too_few)', () => {
    const error = refuse(seated(manual(4), 1), { type: 'start', seat: 's0' }, 'start/too_few');
    expect(error.message).toBe(RULE_ERRORS['start/too_few']);
  });

  it('manual flow - with startNeedsReady a seat that is not ready cannot start (start/not_ready)', () => {
    const state = run(seated(manual(4, { startNeedsReady: true }), 2), {
      type: 'ready',
      seat: 's0',
      ready: true,
    }).state;
    refuse(state, { type: 'start', seat: 's1' }, 'start/not_ready');
    expect(run(state, { type: 'start', seat: 's0' }).state.phase).toBe('setup');
  });

  it('manual flow - with chooseFaceUp the start deals 3 face-down and 6 hand, then setup', () => {
    const { state, events } = run(seated(manual(4), 2), { type: 'start', seat: 's0' });
    expect(typesOf(events)).toEqual(['shuffled', 'dealt', 'dealt', 'setupStarted']);
    expect(state.phase).toBe('setup');
    expect(state.seats.map((s) => [s.faceDown.length, s.faceUp.length, s.hand.length])).toEqual([
      [3, 0, 6],
      [3, 0, 6],
    ]);
  });

  it('manual flow - chooseFaceUp off deals 3/3/3 and goes straight to playing', () => {
    const options = { rules: rulesFrom('classic', { chooseFaceUp: false }) };
    const { state, events } = run(seated(manual(4, options), 2), { type: 'start', seat: null });
    expect(typesOf(events)).toEqual(['shuffled', 'dealt', 'dealt', 'started']);
    expect(state.phase).toBe('playing');
    expect(state.seats.map((s) => [s.faceDown.length, s.faceUp.length, s.hand.length])).toEqual([
      [3, 3, 3],
      [3, 3, 3],
    ]);
    expect(state.deck.length).toBe(52 - 18);
    expect(state.turn).toBe(firstPlayer(state));
  });
});

describe('seats', () => {
  it('seats - leaving while waiting frees the seat and the cards go back to the deck', () => {
    const two = seated(auto(4), 2);
    expect(two.deck.length).toBe(52 - 18);
    const { state, events } = run(two, { type: 'leave', seat: 's1' });
    expect(events).toEqual([{ type: 'left', seat: 's1', freed: true }]);
    expect(state.seats.map((s) => s.id)).toEqual(['s0']);
    expect(state.deck.length).toBe(52 - 9);
    expect(new Set(allIds(state)).size).toBe(52);
  });

  it('seats - leaving during play keeps the seat, marked left', () => {
    const { state, events } = run(table({ seats: [{ hand: ['4h'] }, { hand: ['5h'] }] }), {
      type: 'leave',
      seat: 's1',
    });
    expect(events).toEqual([{ type: 'left', seat: 's1', freed: false }]);
    expect(state.seats.length).toBe(2);
    expect(seatOf(state, 1).left).toBe(true);
    expect(idsOf(seatOf(state, 1).hand)).toEqual(['5h']);
  });

  it('seats - a player who left returns to the same seat (returned)', () => {
    const left = run(table({ seats: [{ hand: ['4h'] }, { hand: ['5h'] }] }), { type: 'leave', seat: 's1' }).state;
    const { state, events } = run(left, sit(1));
    expect(events).toEqual([{ type: 'returned', seat: 's1' }]);
    expect(seatOf(state, 1).left).toBe(false);
    expect(idsOf(seatOf(state, 1).hand)).toEqual(['5h']);
  });

  it('seats - sitting at a full table is refused (seat/full)', () => {
    const error = refuse(seated(manual(2), 2), sit(2), 'seat/full');
    expect(error.message).toBe('This game is full');
  });

  it('seats - sitting after the start is refused (game/started)', () => {
    const started = run(seated(manual(4), 2), { type: 'start', seat: 's0' }).state;
    refuse(started, sit(2), 'game/started');
  });

  it('seats - a seat id already taken is refused (seat/taken)', () => {
    refuse(seated(manual(4), 2), sit(1), 'seat/taken');
  });

  it('cards - dealt card ids are opaque: c{n} by deck position, never rank or suit', () => {
    const state = seated(auto(4), 1);
    const ids = [...idsOf(state.deck), ...idsOf(seatOf(state, 0).hand), ...idsOf(seatOf(state, 0).faceDown)];
    for (const id of ids) expect(id).toMatch(/^c\d+$/);
  });
});
