import type {
  EasyGameState,
  EasyPlayer,
  MainCard,
  PublicGameState,
  PublicPlayer,
  SimpleGameState,
  SimplePlayer,
} from '@palace/protocol';
import { describe, expect, it, vi } from 'vitest';
import { aiMoveNote, ownPickUpNote, ownPlayNote } from '../src/pages/variants/easy/easy-moves.js';
import { easySource, easyTableModel } from '../src/pages/variants/easy/easy-table-model.js';
import { publicTableModel } from '../src/pages/variants/public/public-table-model.js';
import { simpleTableModel } from '../src/pages/variants/simple/simple-table-model.js';
import { cardName } from '../src/table/cards.js';
import type { TableModel } from '../src/table/model.js';

const SYMBOL = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' } as const;
const card = (id: string, value: string, suit: MainCard['suit'] = 'hearts'): MainCard => ({
  id,
  value,
  suit,
  symbol: SYMBOL[suit],
  color: suit === 'hearts' || suit === 'diamonds' ? 'red' : 'black',
});
const blind = (n: number) => ({ id: `blind-${n}`, hidden: true as const });

/** The model's actions as "label:on" / "label:off". */
const actions = (model: TableModel) => model.actions.map((a) => `${a.label}:${a.enabled ? 'on' : 'off'}`);
/** A row's cards by name. */
const names = (cards: readonly { id: string; face: unknown }[]) =>
  cards.map((c) => cardName(c as Parameters<typeof cardName>[0]));

describe('simple table model - the simple websocket and REST games on the table kit', () => {
  function player(username: string, extra: Partial<SimplePlayer> = {}): SimplePlayer {
    return {
      username,
      hand: [],
      handCount: 0,
      faceUp: [],
      faceDown: 3,
      faceDownCount: 3,
      faceDownCards: [0, 1, 2].map((n) => ({ ...blind(n), suit: 'unknown', value: 'unknown' })),
      isAI: false,
      away: false,
      isReady: false,
      selectedFaceUp: false,
      selecting: [],
      hasLeft: false,
      ...extra,
    };
  }
  const hand = [card('c9', '9'), card('c3', '3', 'spades'), card('cK', 'K'), card('c5', '5', 'clubs')];
  function game(extra: Partial<SimpleGameState> = {}): SimpleGameState {
    return {
      id: 'game1',
      status: 'playing',
      players: [
        player('Bob', { handCount: 5, faceUp: [card('b1', 'Q')], faceDownCount: 2 }),
        player('Ann', { hand, handCount: 4, faceUp: [card('u1', '8'), card('u2', 'J')] }),
        player('AI Player 1', { isAI: true, aiLevel: 'strong', handCount: 3, away: true }),
      ],
      pile: [card('p1', '4', 'clubs'), card('p2', '6', 'diamonds'), card('p3', '7', 'spades'), card('p4', '2')],
      pileCount: 4,
      deckCount: 20,
      currentTurn: 'Ann',
      winner: null,
      standings: null,
      chat: [],
      you: 'Ann',
      playableCards: ['c9', 'cK'],
      canPickUp: true,
      mustSelectFaceUp: false,
      turnDeadline: 123_000,
      commitment: 'x',
      lastUpdate: 7,
      ...extra,
    };
  }
  const ui = (extra: Partial<Parameters<typeof simpleTableModel>[1]> = {}) => ({
    selected: [],
    picks: [],
    busy: false,
    onCard: vi.fn(),
    play: vi.fn(),
    pickUp: vi.fn(),
    addAi: vi.fn(),
    ...extra,
  });

  it('simple model - seats after the viewer in play order, the pile top 3, the deck, no last move', () => {
    const model = simpleTableModel(game(), ui());
    expect(model.seats.map((s) => s.name)).toEqual(['AI Player 1', 'Bob']);
    expect(model.seats[0]).toMatchObject({ key: 'AI Player 1', ai: { level: 'Strong' }, flags: ['Away'] });
    expect(model.seats[1]).toMatchObject({ ai: null, handCount: 5, faceDownCount: 2, isTurn: false });
    expect(model.pile.count).toBe(4);
    expect(model.pile.top.map((c) => c.id)).toEqual(['p2', 'p3', 'p4']);
    expect(model.deckCount).toBe(20);
    expect(model.lastAction).toBeNull();
  });

  it("simple model - the viewer's rows: the hand low to high, face-up, the face-down slots hidden", () => {
    const own = simpleTableModel(game(), ui()).own;
    expect(names(own?.hand ?? [])).toEqual(['3 of spades', '5 of clubs', '9 of hearts', 'K of hearts']);
    expect(names(own?.faceUp ?? [])).toEqual(['8 of hearts', 'J of hearts']);
    expect(own?.faceDown.map((c) => [c.id, c.face])).toEqual([
      ['blind-0', null],
      ['blind-1', null],
      ['blind-2', null],
    ]);
  });

  it("simple model - on the viewer's turn only the server's playable cards; Play Selected needs a playable selection", () => {
    let model = simpleTableModel(game(), ui());
    expect(model.turn).toEqual({ text: 'Your turn', mine: true, deadline: 123_000 });
    expect(model.enabled).toEqual(['c9', 'cK']);
    expect(actions(model)).toEqual(['Pick Up Pile:on', 'Play Selected:off']);
    model = simpleTableModel(game(), ui({ selected: ['c9'] }));
    expect(actions(model)).toEqual(['Pick Up Pile:on', 'Play Selected:on']);
    model = simpleTableModel(game({ canPickUp: false }), ui({ selected: ['c3'] }));
    expect(actions(model)).toEqual(['Pick Up Pile:off', 'Play Selected:off']);
    // A request under way: nothing may be pressed.
    model = simpleTableModel(game(), ui({ selected: ['c9'], busy: true }));
    expect(model.enabled).toEqual([]);
    expect(actions(model)).toEqual(['Pick Up Pile:off', 'Play Selected:off']);
  });

  it('simple model - off turn: "Waiting for Bob", nothing enabled, the seat has the turn and its clock', () => {
    const model = simpleTableModel(game({ currentTurn: 'Bob', playableCards: [], canPickUp: false }), ui());
    expect(model.turn).toEqual({ text: 'Waiting for Bob', mine: false, deadline: 123_000 });
    expect(model.enabled).toEqual([]);
    expect(model.seats.find((s) => s.name === 'Bob')).toMatchObject({ isTurn: true, deadline: 123_000 });
    expect(actions(model)).toEqual(['Pick Up Pile:off', 'Play Selected:off']);
  });

  it('simple model - setup: every hand card may be picked, the picks are the selection; Confirm Selection only on REST', () => {
    const setup = game({ status: 'setup', currentTurn: null, playableCards: [], mustSelectFaceUp: true });
    const confirm = vi.fn();
    let model = simpleTableModel(setup, ui({ picks: ['c3', 'gone'], confirm }));
    expect(model.turn).toBeNull();
    expect(model.enabled).toEqual(['c9', 'c3', 'cK', 'c5']);
    expect(model.selected).toEqual(['c3']);
    expect(actions(model)).toEqual(['Confirm Selection:on', 'Add AI opponent:on']);
    expect(model.seats.map((s) => s.flags)).toEqual([['Choosing', 'Away'], ['Choosing']]);
    model.actions[0]?.onPress();
    expect(confirm).toHaveBeenCalledOnce();
    // The websocket confirms on the third pick: no Confirm Selection.
    model = simpleTableModel(setup, ui());
    expect(actions(model)).toEqual(['Add AI opponent:on']);
    // Four seats: no more AI; chosen already: nothing to pick.
    const full = game({
      ...setup,
      mustSelectFaceUp: false,
      players: [...setup.players, player('Cy', { isReady: true })],
    });
    model = simpleTableModel(full, ui({ confirm }));
    expect(actions(model)).toEqual([]);
    expect(model.enabled).toEqual([]);
  });

  it('simple model - finished: no turn, no action, the winner flagged', () => {
    const model = simpleTableModel(
      game({ status: 'finished', currentTurn: null, winner: 'Bob', playableCards: [], canPickUp: false }),
      ui(),
    );
    expect(model.turn).toBeNull();
    expect(model.actions).toEqual([]);
    expect(model.seats.find((s) => s.name === 'Bob')?.flags).toEqual(['Winner']);
  });
});

describe('public table model - public games on the table kit', () => {
  function player(username: string, extra: Partial<PublicPlayer> = {}): PublicPlayer {
    return {
      username,
      hand: [],
      handCount: 0,
      faceUp: [],
      faceDown: [blind(0), blind(1), blind(2)],
      faceDownCount: 3,
      isAI: false,
      away: false,
      isReady: true,
      hasLeft: false,
      isTurn: false,
      ...extra,
    };
  }
  const hand = [card('h1', 'A', 'spades'), card('h2', '4'), card('h3', '10', 'diamonds')];
  function state(extra: Partial<PublicGameState> = {}): PublicGameState {
    return {
      id: 'K3T9QA',
      status: 'playing',
      visibility: 'public',
      maxPlayers: 6,
      players: [
        player('Ann', { hand, handCount: 3, faceUp: [card('u1', '9')], isTurn: true }),
        player('Bea', { hand: [blind(9)], handCount: 1, faceUp: [card('u2', 'Q')], hasLeft: true }),
        player('AI Player 1', { isAI: true, aiLevel: 'random', handCount: 2 }),
      ],
      // The top card first (docs/product.md §P2.3).
      pile: [card('p4', 'K'), card('p3', 'J'), card('p2', '8'), card('p1', '3')],
      pileSize: 4,
      deckSize: 12,
      burnedCount: 0,
      currentTurn: 'Ann',
      winner: null,
      standings: null,
      spectators: ['Carol'],
      chat: [
        { sender: 'System', text: "It's Ann's turn", timestamp: 1, isSystem: true },
        { sender: 'Bea', text: 'hi', timestamp: 2, isSystem: false },
      ],
      you: 'Ann',
      playableCards: ['h1', 'h3'],
      canPickUp: true,
      mustSelectFaceUp: false,
      turnDeadline: 99_000,
      commitment: 'c',
      createdAt: 0,
      lastUpdate: 4,
      rematch: null,
      ...extra,
    };
  }
  const ui = (extra: Partial<Parameters<typeof publicTableModel>[1]> = {}) => ({
    selected: [],
    chosen: [],
    busy: false,
    onCard: vi.fn(),
    addAi: vi.fn(),
    start: vi.fn(),
    ready: vi.fn(),
    play: vi.fn(),
    pickUp: vi.fn(),
    ...extra,
  });

  it('public model - playing: seats after the viewer, the pile bottom to top, the last status line, the playable cards', () => {
    const model = publicTableModel(state(), ui());
    expect(model.seats.map((s) => [s.name, s.flags])).toEqual([
      ['Bea', ['Left']],
      ['AI Player 1', []],
    ]);
    expect(model.seats[1]?.ai).toEqual({ level: 'Beginner' });
    // The state lists the top first; the table draws the top 3 bottom to top.
    expect(model.pile.top.map((c) => c.id)).toEqual(['p2', 'p3', 'p4']);
    expect(model.pile.count).toBe(4);
    expect(model.deckCount).toBe(12);
    expect(model.lastAction).toBe("It's Ann's turn");
    expect(model.turn).toEqual({ text: 'Your turn', mine: true, deadline: 99_000 });
    expect(names(model.own?.hand ?? [])).toEqual(['4 of hearts', '10 of diamonds', 'A of spades']);
    expect(model.own?.faceDown.map((c) => c.face)).toEqual([null, null, null]);
    expect(model.enabled).toEqual(['h1', 'h3']);
    // Play Selected is on with nothing selected: pressing it says "No Card Selected".
    expect(actions(model)).toEqual(['Pick Up:on', 'Play Selected:on']);
  });

  it('public model - another\'s turn: "Bea\'s turn", nothing enabled, both actions off', () => {
    const model = publicTableModel(
      state({
        currentTurn: 'Bea',
        players: state().players.map((p) => ({ ...p, isTurn: p.username === 'Bea' })),
        playableCards: [],
        canPickUp: false,
      }),
      ui(),
    );
    expect(model.turn).toEqual({ text: "Bea's turn", mine: false, deadline: 99_000 });
    expect(model.seats[0]).toMatchObject({ isTurn: true, deadline: 99_000 });
    expect(model.enabled).toEqual([]);
    expect(actions(model)).toEqual(['Pick Up:off', 'Play Selected:off']);
  });

  it('public model - a spectator: no own cards and no actions, every seat in seat order', () => {
    const model = publicTableModel(state({ you: null, playableCards: [], canPickUp: false }), ui());
    expect(model.own).toBeNull();
    expect(model.actions).toEqual([]);
    expect(model.enabled).toEqual([]);
    expect(model.seats.map((s) => s.name)).toEqual(['Ann', 'Bea', 'AI Player 1']);
    expect(model.turn).toEqual({ text: "Ann's turn", mine: false, deadline: 99_000 });
  });

  it('public model - waiting: Add AI, and Start Game from 2 players; no cards, no deck', () => {
    const waiting = state({
      status: 'waiting',
      players: [player('Ann')],
      pile: [],
      pileSize: 0,
      currentTurn: null,
      playableCards: [],
      canPickUp: false,
    });
    let model = publicTableModel(waiting, ui());
    expect(model.own).toBeNull();
    expect(model.deckCount).toBeNull();
    expect(model.turn).toBeNull();
    expect(actions(model)).toEqual(['Add AI:on', 'Start Game:off']);
    model = publicTableModel({ ...waiting, players: [player('Ann'), player('AI Player 1', { isAI: true })] }, ui());
    expect(actions(model)).toEqual(['Add AI:on', 'Start Game:on']);
    expect(publicTableModel(waiting, ui({ busy: true })).actions.every((a) => !a.enabled)).toBe(true);
    expect(publicTableModel({ ...waiting, you: null }, ui()).actions).toEqual([]);
  });

  it('public model - setup: the hand may be picked, the chosen cards are the selection, Ready; then nothing', () => {
    const setup = state({
      status: 'setup',
      currentTurn: null,
      players: [player('Ann', { hand, handCount: 3, isReady: false }), player('Bea', { isReady: false })],
      playableCards: [],
      mustSelectFaceUp: true,
    });
    let model = publicTableModel(setup, ui({ chosen: ['h2', 'h9'] }));
    expect(model.enabled).toEqual(['h1', 'h2', 'h3']);
    expect(model.selected).toEqual(['h2']);
    expect(actions(model)).toEqual(['Ready:on']);
    expect(model.seats[0]?.flags).toEqual(['Choosing']);
    expect(model.deckCount).toBe(12);
    model = publicTableModel({ ...setup, mustSelectFaceUp: false }, ui());
    expect(model.enabled).toEqual([]);
    expect(model.actions).toEqual([]);
  });
});

describe('easy table model - the easy game on the table kit', () => {
  const ME = 'cred-ann';
  function seat(id: string, name: string, extra: Partial<EasyPlayer> = {}): EasyPlayer {
    return {
      id,
      name,
      isAI: false,
      away: false,
      hand: [{ id: `h-${id}`, hidden: true }],
      handCount: 1,
      faceUp: [card(`u-${id}`, '9')],
      faceDownCount: 1,
      faceDown: [blind(0)],
      isCurrentTurn: false,
      ...extra,
    };
  }
  const me = seat(ME, 'Ann', {
    hand: [card('c8', '8'), card('c5', '5')],
    handCount: 2,
    faceUp: [card('cK', 'K')],
    faceDown: [blind(0)],
  });
  function state(extra: Partial<EasyGameState> = {}): EasyGameState {
    return {
      id: 'K3T9QA',
      status: 'playing',
      maxPlayers: 4,
      players: [seat('p0', 'AI Player 1', { isAI: true, aiLevel: 'greedy' }), me, seat('p2', 'Bea', { away: true })],
      pile: [card('c6', '6')],
      pileCount: 1,
      deckCount: 10,
      currentTurn: ME,
      currentTurnPlayerName: 'Ann',
      winner: null,
      winnerName: null,
      standings: [],
      endReason: null,
      playableCards: ['c8'],
      canPickUp: true,
      turnDeadline: null,
      commitment: 'c',
      createdAt: 0,
      lastUpdate: 5,
      ...extra,
    };
  }
  const ui = (extra: Partial<Parameters<typeof easyTableModel>[2]> = {}) => ({
    busy: false,
    note: null,
    selected: null,
    select: vi.fn(),
    play: vi.fn(),
    pickUp: vi.fn(),
    ...extra,
  });

  it("easy model - the viewer's turn: the listed card outlined; face-up and face-down pressable while the hand holds cards", () => {
    const model = easyTableModel(state(), me, ui());
    expect(model.seats.map((s) => [s.name, s.flags])).toEqual([
      ['Bea', ['Away']],
      ['AI Player 1', []],
    ]);
    expect(model.seats[1]?.ai).toEqual({ level: 'Normal' });
    expect(model.turn).toEqual({ text: 'Your turn', mine: true, deadline: null });
    expect(names(model.own?.hand ?? [])).toEqual(['5 of hearts', '8 of hearts']);
    expect(model.hinted).toEqual(['c8']);
    expect(model.enabled).toEqual(['c8', 'cK', 'blind-0']);
    expect(model.selected).toEqual([]);
    expect(actions(model)).toEqual(['Pick Up:on', 'Play Selected:off']);
    expect(model.lastAction).toBeNull();
  });

  it('easy model - a card pressed is selected (pressed again, put back); Play Selected plays it from its row', () => {
    const play = vi.fn();
    const select = vi.fn();
    let model = easyTableModel(state(), me, ui({ play, select }));
    model.onCard('c8');
    expect(select).toHaveBeenLastCalledWith('c8');
    expect(play).not.toHaveBeenCalled();
    for (const [id, source] of [
      ['c8', 'hand'],
      ['cK', 'faceUp'],
      ['blind-0', 'faceDown'],
    ] as const) {
      model = easyTableModel(state(), me, ui({ play, select, selected: id }));
      expect(model.selected).toEqual([id]);
      expect(actions(model)).toEqual(['Pick Up:on', 'Play Selected:on']);
      model.onCard(id);
      expect(select).toHaveBeenLastCalledWith(null);
      model.actions.find((a) => a.key === 'play')?.onPress();
      expect(play).toHaveBeenLastCalledWith(id, source);
    }
    // A selection the state no longer allows is dropped.
    model = easyTableModel(state({ playableCards: [], currentTurn: 'p2' }), me, ui({ selected: 'c8' }));
    expect(model.selected).toEqual([]);
    expect(easySource(me, 'nope')).toBe('hand');
  });

  it("easy model - off turn and while busy nothing may be pressed; an AI's turn says it is thinking", () => {
    const off = state({ currentTurn: 'p0', currentTurnPlayerName: 'AI Player 1', playableCards: [], canPickUp: false });
    let model = easyTableModel(off, me, ui());
    expect(model.turn?.text).toBe("AI Player 1's turn (AI is thinking…)");
    expect(model.enabled).toEqual([]);
    expect(actions(model)).toEqual(['Pick Up:off', 'Play Selected:off']);
    expect(model.seats.find((s) => s.name === 'AI Player 1')?.isTurn).toBe(true);
    model = easyTableModel(state({ currentTurn: 'p2', currentTurnPlayerName: 'Bea' }), me, ui());
    expect(model.turn?.text).toBe("Bea's turn");
    model = easyTableModel(state(), me, ui({ busy: true }));
    expect(model.enabled).toEqual([]);
    expect(actions(model)).toEqual(['Pick Up:off', 'Play Selected:off']);
  });

  it('easy model - once the hand is empty only the listed face-up cards; then the face-down ones', () => {
    const noHand = { ...me, hand: [], handCount: 0, faceUp: [card('cK', 'K'), card('c4', '4')] };
    let model = easyTableModel(state({ playableCards: ['cK'] }), noHand, ui());
    expect(model.enabled).toEqual(['cK', 'blind-0']);
    const blindOnly = { ...noHand, faceUp: [] };
    model = easyTableModel(state({ playableCards: ['blind-0'] }), blindOnly, ui());
    expect(model.enabled).toEqual(['blind-0']);
  });

  it('easy model - the last move: an AI move, the own play and pick-up in the kit sentences, until the game moves on', () => {
    const ai = aiMoveNote({
      action: 'play',
      aiName: 'AI Player 1',
      card: card('c7', '7'),
      cards: [card('c7', '7'), card('d7', '7', 'spades')],
      turnedCard: null,
      gameOver: false,
      winner: null,
      clearedPile: false,
      skippedPlayer: null,
      skippedPlayers: [],
      pickedUp: false,
      gameState: state({ lastUpdate: 6 }),
    });
    expect(ai).toEqual({ text: 'AI Player 1 played 7♥ 7♠', move: { by: 'p0', kind: 'play' }, version: 6 });
    let model = easyTableModel(state({ lastUpdate: 6 }), me, ui({ note: ai }));
    expect(model.lastAction).toBe('AI Player 1 played 7♥ 7♠');
    expect(model.lastMove).toEqual({ by: 'p0', kind: 'play' });
    // A newer state is another move: the note goes.
    model = easyTableModel(state({ lastUpdate: 7 }), me, ui({ note: ai }));
    expect(model.lastAction).toBeNull();
    expect(model.lastMove).toBeNull();

    const base = { gameOver: false, winner: null, skippedPlayer: null, skippedPlayers: [], gameState: state() };
    expect(ownPlayNote({ ...base, card: card('cT', '10'), clearedPile: true, pickedUp: false })).toMatchObject({
      text: 'You played 10♥ and burned the pile',
      move: { by: 'you', kind: 'burn' },
    });
    expect(ownPlayNote({ ...base, card: card('c3', '3'), clearedPile: false, pickedUp: true }).text).toBe(
      'You picked up the pile',
    );
    expect(ownPickUpNote(9)).toEqual({
      text: 'You picked up the pile',
      move: { by: 'you', kind: 'pickup' },
      version: 9,
    });
  });
});
