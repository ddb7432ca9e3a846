/**
 * Named rule cases for docs/product.md §D3 (the rules), one hand-built position per case. Seating, flows,
 * presets, first player, standings and the move cap are in rules-setup.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type Command, type GameState, RULE_ERRORS, type RuleErrorCode } from '../src/index.js';
import { card, eventsOf, idsOf, pickUp, play, refuse, run, runAll, seatOf, table, typesOf } from './build.js';

describe('2, 7 and 10', () => {
  it('ten - burns a 7 and the same player plays again', () => {
    const state = table({ seats: [{ hand: ['10h', '4c', '5c', '6c'] }, { hand: ['9h'] }], pile: ['7h'] });
    const { state: next, events } = run(state, play(0, '10h'));
    expect(events).toEqual([
      { type: 'played', seat: 's0', source: 'hand', cards: [card('10h')] },
      { type: 'burned', reason: 'ten', count: 2 },
      { type: 'turn', seat: 's0', again: true },
    ]);
    expect(next.pile).toEqual([]);
    expect(idsOf(next.burned)).toEqual(['7h', '10h']);
    expect(next.turn).toBe(0);
    expect(next.moves).toBe(1);
  });

  it('two - is playable on a 7 and then anything goes on it', () => {
    const state = table({ seats: [{ hand: ['2h', '4c'] }, { hand: ['Ah', '5d'] }], pile: ['7h'] });
    const { state: afterTwo, events } = run(state, play(0, '2h'));
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: false }]);
    const { state: afterAce } = run(afterTwo, play(1, 'Ah'));
    expect(idsOf(afterAce.pile)).toEqual(['7h', '2h', 'Ah']);
  });

  it('seven - an 8 on a 7 is refused with sevenLower', () => {
    const state = table({ seats: [{ hand: ['8h', '4c'] }, {}], pile: ['7h'] });
    const error = refuse(state, play(0, '8h'), 'play/too_low');
    expect(error.message).toBe(RULE_ERRORS['play/too_low']);
  });

  it.each([['7d'], ['5d'], ['3d']])('seven - a %s (7 or lower) goes on a 7', (label) => {
    const state = table({ seats: [{ hand: [label, 'Ac'] }, {}], pile: ['7h'] });
    expect(idsOf(run(state, play(0, label)).state.pile)).toEqual(['7h', label]);
  });

  it('seven - an 8 goes on a 7 without sevenLower', () => {
    const state = table({ rules: { sevenLower: false }, seats: [{ hand: ['8h', '4c'] }, {}, {}], pile: ['7h'] });
    expect(idsOf(run(state, play(0, '8h')).state.pile)).toEqual(['7h', '8h']);
  });
});

describe('four of a kind', () => {
  it('four of a kind - completed across three plays burns and that player goes again', () => {
    const start = table({ seats: [{ hand: ['5h', '5s', 'Ac'] }, { hand: ['5d', '5c', 'Ad'] }], pile: ['4h'] });
    const afterTwoPlays = runAll(start, [play(0, '5h'), play(1, '5d', '5c')]);
    expect(afterTwoPlays.pile.length).toBe(4);
    expect(afterTwoPlays.turn).toBe(0);
    const { state, events } = run(afterTwoPlays, play(0, '5s'));
    expect(typesOf(events)).toEqual(['played', 'burned', 'turn']);
    expect(eventsOf(events, 'burned')).toEqual([{ type: 'burned', reason: 'fourOfAKind', count: 5 }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's0', again: true }]);
    expect(state.pile).toEqual([]);
    expect(idsOf(state.burned)).toEqual(['4h', '5h', '5d', '5c', '5s']);
  });

  it('four of a kind - three of a rank on top do not burn', () => {
    const state = table({ seats: [{ hand: ['5s', 'Ac'] }, {}], pile: ['5h', '5d'] });
    const { events } = run(state, play(0, '5s'));
    expect(typesOf(events)).toEqual(['played', 'turn']);
  });

  it('four of a kind - four in one play burns', () => {
    const state = table({ seats: [{ hand: ['9h', '9d', '9c', '9s', 'Ac'] }, {}], pile: ['6h'] });
    const { state: next, events } = run(state, play(0, '9h', '9d', '9c', '9s'));
    expect(eventsOf(events, 'burned')).toEqual([{ type: 'burned', reason: 'fourOfAKind', count: 5 }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's0', again: true }]);
    expect(next.pile).toEqual([]);
  });

  it('four of a kind - does not burn with burnFourOfAKind off', () => {
    const state = table({
      rules: { burnFourOfAKind: false },
      seats: [{ hand: ['5s', 'Ac'] }, {}],
      pile: ['5h', '5d', '5c'],
    });
    const { state: next, events } = run(state, play(0, '5s'));
    expect(eventsOf(events, 'burned')).toEqual([]);
    expect(next.pile.length).toBe(4);
    expect(next.turn).toBe(1);
  });

  it('burns come first - four 8s burn and do not skip', () => {
    const state = table({ seats: [{ hand: ['8h', '8d', '8c', '8s', 'Ac'] }, {}, {}] });
    const { state: next, events } = run(state, play(0, '8h', '8d', '8c', '8s'));
    expect(typesOf(events)).toEqual(['played', 'burned', 'turn']);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's0', again: true }]);
    expect(next.turn).toBe(0);
  });

  it('two decks - a play of five of one rank burns', () => {
    const seats = [{ hand: ['7h', '7h', '7d', '7c', '7s', 'Ac'] }, {}, {}, {}, {}, {}];
    const state = table({ seats, pile: ['4h'] });
    const { events } = run(state, play(0, '7h', '7h#2', '7d', '7c', '7s'));
    expect(eventsOf(events, 'burned')).toEqual([{ type: 'burned', reason: 'fourOfAKind', count: 6 }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's0', again: true }]);
  });

  it("two decks - four matching on top after earlier plays burns (both decks' 7 of spades)", () => {
    const seats = [{ hand: ['7h', '7d', 'Ac'] }, {}, {}, {}, {}, {}];
    const state = table({ seats, pile: ['4h', '7s', '7s'] });
    const { state: next, events } = run(state, play(0, '7h', '7d'));
    expect(eventsOf(events, 'burned')).toEqual([{ type: 'burned', reason: 'fourOfAKind', count: 5 }]);
    expect(idsOf(next.burned)).toEqual(['4h', '7s', '7s#2', '7h', '7d']);
    expect(next.turn).toBe(0);
  });
});

describe('drawing', () => {
  it('burn - the player draws back to 3 after the burn and keeps the turn', () => {
    const state = table({ seats: [{ hand: ['10h', '4c'] }, {}], pile: ['9h'], deck: 5 });
    const { state: next, events } = run(state, play(0, '10h'));
    expect(events).toEqual([
      { type: 'played', seat: 's0', source: 'hand', cards: [card('10h')] },
      { type: 'burned', reason: 'ten', count: 2 },
      { type: 'drew', seat: 's0', count: 2 },
      { type: 'turn', seat: 's0', again: true },
    ]);
    expect(seatOf(next, 0).hand.length).toBe(3);
    expect(next.deck.length).toBe(3);
    expect(next.turn).toBe(0);
  });

  it('drawing - draws back up to 3 after playing from the hand while the deck lasts', () => {
    const state = table({ seats: [{ hand: ['5h', '5d', '9c'] }, {}], deck: 10 });
    const { state: next, events } = run(state, play(0, '5h', '5d'));
    expect(eventsOf(events, 'drew')).toEqual([{ type: 'drew', seat: 's0', count: 2 }]);
    expect(seatOf(next, 0).hand.length).toBe(3);
    expect(next.deck.length).toBe(8);
  });

  it('drawing - draws only what is left when the deck runs low', () => {
    const state = table({ seats: [{ hand: ['5h', '5d', '9c'] }, {}], deck: 1 });
    const { state: next, events } = run(state, play(0, '5h', '5d'));
    expect(eventsOf(events, 'drew')).toEqual([{ type: 'drew', seat: 's0', count: 1 }]);
    expect(seatOf(next, 0).hand.length).toBe(2);
    expect(next.deck).toEqual([]);
  });

  it('drawing - no draw with a hand still above 3', () => {
    const state = table({ seats: [{ hand: ['5h', '6d', '7c', '9c', 'Jc'] }, {}], deck: 4 });
    const { events } = run(state, play(0, '5h'));
    expect(eventsOf(events, 'drew')).toEqual([]);
  });

  it('drawing - no draw after a pick-up', () => {
    const state = table({ seats: [{ hand: ['4h'] }, {}], pile: ['9h'], deck: 5 });
    const { state: next, events } = run(state, pickUp(0));
    expect(events).toEqual([
      { type: 'pickedUp', seat: 's0', count: 1, reason: 'choice' },
      { type: 'turn', seat: 's1', again: false },
    ]);
    expect(idsOf(seatOf(next, 0).hand)).toEqual(['4h', '9h']);
    expect(next.deck.length).toBe(5);
  });
});

describe('8 skips', () => {
  it('eight - with 2 players one 8 gives its player another turn', () => {
    const state = table({ seats: [{ hand: ['8h', 'Ac'] }, {}] });
    const { state: next, events } = run(state, play(0, '8h'));
    expect(eventsOf(events, 'skipped')).toEqual([{ type: 'skipped', seats: ['s1'] }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's0', again: true }]);
    expect(next.turn).toBe(0);
  });

  it('eight - with 2 players two 8s pass the turn', () => {
    const state = table({ seats: [{ hand: ['8h', '8d', 'Ac'] }, {}] });
    const { events } = run(state, play(0, '8h', '8d'));
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: false }]);
  });

  it('eight - one 8 with 3 players skips the next seat', () => {
    const state = table({ seats: [{ hand: ['8h', 'Ac'] }, {}, {}] });
    const { state: next, events } = run(state, play(0, '8h'));
    expect(eventsOf(events, 'skipped')).toEqual([{ type: 'skipped', seats: ['s1'] }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's2', again: false }]);
    expect(next.turn).toBe(2);
  });

  it('eight - two 8s with 3 players skip both others: seat (1 + 1 + 2) mod 3 = 1 plays again', () => {
    const state = table({ seats: [{}, { hand: ['8h', '8d', 'Ac'] }, {}], turn: 1 });
    const { state: next, events } = run(state, play(1, '8h', '8d'));
    expect(eventsOf(events, 'skipped')).toEqual([{ type: 'skipped', seats: ['s2', 's0'] }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: true }]);
    expect(next.turn).toBe(1);
  });

  it('eight - two 8s with 4 players wrap around the table: (3 + 1 + 2) mod 4 = 2', () => {
    const state = table({ seats: [{}, {}, {}, { hand: ['8h', '8d', 'Ac'] }], turn: 3 });
    const { events } = run(state, play(3, '8h', '8d'));
    expect(eventsOf(events, 'skipped')).toEqual([{ type: 'skipped', seats: ['s0', 's1'] }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's2', again: false }]);
  });

  it('eight - no skip with eightSkips off', () => {
    const state = table({ rules: { eightSkips: false }, seats: [{ hand: ['8h', '8d', 'Ac'] }, {}, {}] });
    const { events } = run(state, play(0, '8h', '8d'));
    expect(eventsOf(events, 'skipped')).toEqual([]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: false }]);
  });
});

describe('9 reverses', () => {
  const reverses = { nineReverses: true };

  it('nine - reverses with 3 players: the previous seat is next, and the direction stays reversed', () => {
    const state = table({ rules: reverses, seats: [{ hand: ['9h', 'Ac'] }, { hand: ['Kd'] }, { hand: ['Jd', 'Ad'] }] });
    const first = run(state, play(0, '9h'));
    expect(typesOf(first.events)).toEqual(['played', 'reversed', 'turn']);
    expect(eventsOf(first.events, 'reversed')).toEqual([{ type: 'reversed', direction: -1 }]);
    expect(eventsOf(first.events, 'turn')).toEqual([{ type: 'turn', seat: 's2', again: false }]);
    expect(first.state.direction).toBe(-1);
    const second = run(first.state, play(2, 'Jd'));
    expect(eventsOf(second.events, 'reversed')).toEqual([]);
    expect(eventsOf(second.events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: false }]);
    expect(second.state.direction).toBe(-1);
  });

  it('nine - two 9s at once reverse twice, so the direction is unchanged', () => {
    const state = table({ rules: reverses, seats: [{ hand: ['9h', '9d', 'Ac'] }, {}, {}] });
    const { state: next, events } = run(state, play(0, '9h', '9d'));
    expect(eventsOf(events, 'reversed')).toEqual([]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's1', again: false }]);
    expect(next.direction).toBe(1);
  });

  it('nine - does not reverse with nineReverses off', () => {
    const state = table({ seats: [{ hand: ['9h', 'Ac'] }, {}, {}] });
    const { state: next, events } = run(state, play(0, '9h'));
    expect(eventsOf(events, 'reversed')).toEqual([]);
    expect(next.turn).toBe(1);
  });

  it('eight - skips count in the direction of play after a reversal', () => {
    const state = table({ rules: reverses, seats: [{ hand: ['8h', 'Ac'] }, {}, {}, {}], direction: -1 });
    const { events } = run(state, play(0, '8h'));
    expect(eventsOf(events, 'skipped')).toEqual([{ type: 'skipped', seats: ['s3'] }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's2', again: false }]);
  });
});

describe('invisible 3s', () => {
  const threes = { invisibleThrees: true };

  it('invisible three - on an empty pile counts as a 3, so a 4 is playable', () => {
    const state = table({ rules: threes, seats: [{ hand: ['3h', 'Ac'] }, { hand: ['4d', 'Kd'] }] });
    const afterThree = run(state, play(0, '3h')).state;
    expect(idsOf(run(afterThree, play(1, '4d')).state.pile)).toEqual(['3h', '4d']);
  });

  it('invisible three - on an empty pile a 2 may follow it', () => {
    const state = table({ rules: threes, seats: [{ hand: ['3h', 'Ac'] }, { hand: ['2d', 'Kd'] }] });
    const afterThree = run(state, play(0, '3h')).state;
    expect(idsOf(run(afterThree, play(1, '2d')).state.pile)).toEqual(['3h', '2d']);
  });

  it('invisible three - a 3 on a 7 keeps the 7 rule: an 8 is refused', () => {
    const state = table({ rules: threes, seats: [{ hand: ['3h', 'Ac'] }, { hand: ['8d', '5d'] }], pile: ['7h'] });
    const afterThree = run(state, play(0, '3h')).state;
    refuse(afterThree, play(1, '8d'), 'play/too_low');
  });

  it('invisible three - a 3 on a 7 keeps the 7 rule: a 5 is allowed', () => {
    const state = table({ rules: threes, seats: [{ hand: ['3h', 'Ac'] }, { hand: ['8d', '5d'] }], pile: ['7h'] });
    const afterThree = run(state, play(0, '3h')).state;
    expect(idsOf(run(afterThree, play(1, '5d')).state.pile)).toEqual(['7h', '3h', '5d']);
  });

  it('invisible three - may be played on an ace (refused without invisibleThrees)', () => {
    const spec = { seats: [{ hand: ['3h', '4c'] }, {}], pile: ['Ah'] };
    expect(run(table({ ...spec, rules: threes }), play(0, '3h')).state.pile.length).toBe(2);
    refuse(table(spec), play(0, '3h'), 'play/too_low');
  });
});

describe('face-down cards (blind)', () => {
  it('blind - a face-down card too low: it and the whole pile go to the hand and the turn passes', () => {
    const state = table({ seats: [{ faceDown: ['4h', 'Kd', 'Ks'] }, {}], pile: ['9h', 'Jh'] });
    const { state: next, events } = run(state, play(0, 'blind-0'));
    expect(events).toEqual([
      { type: 'blindFlipped', seat: 's0', index: 0, card: card('4h'), playable: false },
      { type: 'pickedUp', seat: 's0', count: 2, reason: 'blind' },
      { type: 'turn', seat: 's1', again: false },
    ]);
    expect(idsOf(seatOf(next, 0).hand).sort()).toEqual(['4h', '9h', 'Jh']);
    expect(idsOf(seatOf(next, 0).faceDown)).toEqual(['Kd', 'Ks']);
    expect(next.pile).toEqual([]);
    expect(next.turn).toBe(1);
    expect(next.moves).toBe(1);
  });

  it('blind - a face-down card that fits is played as normal', () => {
    const state = table({ seats: [{ faceDown: ['4h', 'Qh', 'Ks'] }, {}], pile: ['5h'] });
    const { state: next, events } = run(state, play(0, 'blind-1'));
    expect(events).toEqual([
      { type: 'blindFlipped', seat: 's0', index: 1, card: card('Qh'), playable: true },
      { type: 'played', seat: 's0', source: 'faceDown', cards: [card('Qh')] },
      { type: 'turn', seat: 's1', again: false },
    ]);
    expect(idsOf(seatOf(next, 0).faceDown)).toEqual(['4h', 'Ks']);
    expect(idsOf(next.pile)).toEqual(['5h', 'Qh']);
  });

  it('blind - a face-down 10 burns and the player goes again', () => {
    const state = table({ seats: [{ faceDown: ['10h', 'Kd'] }, {}], pile: ['7h'] });
    const { state: next, events } = run(state, play(0, 'blind-0'));
    expect(typesOf(events)).toEqual(['blindFlipped', 'played', 'burned', 'turn']);
    expect(eventsOf(events, 'burned')).toEqual([{ type: 'burned', reason: 'ten', count: 2 }]);
    expect(eventsOf(events, 'turn')).toEqual([{ type: 'turn', seat: 's0', again: true }]);
    expect(next.pile).toEqual([]);
  });

  it('blind - refused while the hand holds cards, naming hand and face-up (play/face_up_first)', () => {
    const state = table({ seats: [{ hand: ['4c'], faceUp: ['5c'], faceDown: ['Ah'] }, {}] });
    refuse(state, play(0, 'blind-0'), 'play/face_up_first');
    // With the hand full and no face-up cards left, the same: the blind row waits for both.
    refuse(table({ seats: [{ hand: ['4c'], faceDown: ['Ah'] }, {}] }), play(0, 'blind-0'), 'play/face_up_first');
  });

  it('blind - refused while face-up cards remain (play/face_up_first)', () => {
    const state = table({ seats: [{ faceUp: ['5c'], faceDown: ['Ah'] }, {}] });
    refuse(state, play(0, 'blind-0'), 'play/face_up_first');
  });

  it('blind - only one face-down card at a time (play/one_blind)', () => {
    const state = table({ seats: [{ faceDown: ['Ah', 'Ad'] }, {}] });
    refuse(state, play(0, 'blind-0', 'blind-1'), 'play/one_blind');
  });
});

describe('the end', () => {
  it('end - going out on a 10 ends the game, though the burn would give another turn', () => {
    const state = table({ seats: [{ hand: ['10h'], faceDown: [] }, { hand: ['4d'] }], pile: ['7h'] });
    const { state: next, events } = run(state, play(0, '10h'));
    expect(typesOf(events)).toEqual(['played', 'burned', 'gameOver']);
    const [over] = eventsOf(events, 'gameOver');
    expect(over?.reason).toBe('out');
    expect(over?.winner).toBe('s0');
    expect(next.phase).toBe('finished');
    expect(next.result?.winner).toBe('s0');
    refuse(next, pickUp(1), 'game/over');
  });

  it('end - going out on a face-down card', () => {
    const state = table({ seats: [{ faceDown: ['Qh'] }, {}], pile: ['5h'] });
    const { events } = run(state, play(0, 'blind-0'));
    expect(typesOf(events)).toEqual(['blindFlipped', 'played', 'gameOver']);
    expect(eventsOf(events, 'gameOver')[0]?.winner).toBe('s0');
  });
});

describe('sources and selections', () => {
  it('face-up - played once the hand is empty', () => {
    const state = table({ seats: [{ faceUp: ['5h', '9h', 'Kh'] }, {}], pile: ['6c'] });
    const { state: next, events } = run(state, play(0, '9h'));
    expect(events[0]).toEqual({ type: 'played', seat: 's0', source: 'faceUp', cards: [card('9h')] });
    expect(idsOf(seatOf(next, 0).faceUp)).toEqual(['5h', 'Kh']);
  });

  it('must play all same value - with the rule on, holding two 6s, playing one is refused', () => {
    const state = table({ rules: { mustPlayAllSameValue: true }, seats: [{ hand: ['6h', '6d', '9c'] }, {}] });
    refuse(state, play(0, '6h'), 'play/must_play_all');
    expect(idsOf(run(state, play(0, '6h', '6d')).state.pile)).toEqual(['6h', '6d']);
  });

  it('must play all same value - with the rule on, also applies to the face-up row', () => {
    const state = table({ rules: { mustPlayAllSameValue: true }, seats: [{ faceUp: ['6h', '6d', '9c'] }, {}] });
    refuse(state, play(0, '6d'), 'play/must_play_all');
  });

  it('must play all same value - off by default: playing one of two 6s is fine', () => {
    const state = table({ seats: [{ hand: ['6h', '6d', '9c'] }, {}] });
    expect(idsOf(run(state, play(0, '6h')).state.pile)).toEqual(['6h']);
  });

  it('pick-up - allowed voluntarily while a play is possible', () => {
    const state = table({ seats: [{ hand: ['Kh', 'Ac'] }, {}], pile: ['4h'] });
    const { state: next, events } = run(state, pickUp(0));
    expect(events).toEqual([
      { type: 'pickedUp', seat: 's0', count: 1, reason: 'choice' },
      { type: 'turn', seat: 's1', again: false },
    ]);
    expect(next.moves).toBe(1);
  });

  it('turn - playing out of turn is refused with "Wait for your turn to play"', () => {
    const state = table({ seats: [{ hand: ['4h'] }, { hand: ['5h'] }] });
    const error = refuse(state, play(1, '5h'), 'turn/not_your_turn');
    expect(error.message).toBe('Wait for your turn to play');
    expect(refuse(state, pickUp(1), 'turn/not_your_turn').message).toBe('Wait for your turn to play');
  });

  const refusals: ReadonlyArray<readonly [string, GameState, Command, RuleErrorCode]> = [
    [
      'face-up - refused while the hand holds cards (play/hand_first)',
      table({ seats: [{ hand: ['4h'], faceUp: ['Kh', 'Kd', 'Ks'] }, {}] }),
      play(0, 'Kh'),
      'play/hand_first',
    ],
    [
      'play - mixing ranks is refused (play/mixed_ranks)',
      table({ seats: [{ hand: ['5h', '6h', 'Ac'] }, {}] }),
      play(0, '5h', '6h'),
      'play/mixed_ranks',
    ],
    [
      'play - mixing hand and face-up cards is refused (play/mixed_sources)',
      table({ seats: [{ hand: ['4h'], faceUp: ['4d'] }, {}] }),
      play(0, '4h', '4d'),
      'play/mixed_sources',
    ],
    [
      'play - mixing a hand card and a face-down card is refused (play/mixed_sources)',
      table({ seats: [{ hand: ['4h'], faceDown: ['4d'] }, {}] }),
      play(0, '4h', 'blind-0'),
      'play/mixed_sources',
    ],
    [
      'play - a card the player does not hold is refused (play/unknown_card)',
      table({ seats: [{ hand: ['4h'] }, { hand: ['5h'] }] }),
      play(0, '5h'),
      'play/unknown_card',
    ],
    ['play - no cards is refused (play/empty)', table({ seats: [{ hand: ['4h'] }, {}] }), play(0), 'play/empty'],
    [
      'pick-up - refused on an empty pile (pick_up/empty)',
      table({ seats: [{ hand: ['4h'] }, {}] }),
      pickUp(0),
      'pick_up/empty',
    ],
  ];

  it.each(refusals)('%s', (_name, state, command, code) => {
    const error = refuse(state, command, code);
    expect(error.message).toBe(RULE_ERRORS[code]);
  });
});
