import type { MainCard, MainGameState, MainPlayer, RestCard, RestGameState, RestPlayer } from '@palace/protocol';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mainTableModel } from '../src/pages/play/main-table.js';
import { restTableModel } from '../src/pages/rest-game/rest-table-model.js';
import { PREFS_KEY, usePrefs } from '../src/stores/prefs-store.js';
import { cardName, sortHand, tableCard } from '../src/table/cards.js';
import { GameTable } from '../src/table/game-table.js';
import { fanStep, type HandSpacing, handSpacing } from '../src/table/hand-fan.js';
import { hintLine, withHint } from '../src/table/hint-line.js';
import type { TableModel } from '../src/table/model.js';
import { actionSentence } from '../src/table/sentences.js';
import { restSeat } from './rest-fixtures.js';

afterEach(cleanup);

const SYMBOL = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' } as const;
const mainCard = (id: string, value: string, suit: MainCard['suit'] = 'hearts'): MainCard => ({
  id,
  value,
  suit,
  symbol: SYMBOL[suit],
  color: suit === 'hearts' || suit === 'diamonds' ? 'red' : 'black',
});
const masked = (id: string) => ({ id, hidden: true as const });
const actions = (model: TableModel) => model.actions.map((a) => `${a.label}:${a.enabled ? 'on' : 'off'}`);

describe('table kit - cards, fan and sentences', () => {
  it('cards - every wire shape becomes a table card named like "7 of hearts"; hidden ones are face down', () => {
    expect(cardName(tableCard(mainCard('a', '7')))).toBe('7 of hearts');
    expect(cardName(tableCard({ id: 'b', value: 'Q', suit: '♠' }))).toBe('Q of spades');
    expect(cardName(tableCard({ id: 'c', rank: 14, suit: 'clubs' }))).toBe('A of clubs');
    expect(cardName(tableCard(masked('blind-0')))).toBe('Face-down card');
    expect(cardName(tableCard({ id: 'd', value: 'unknown', suit: 'unknown' }))).toBe('Face-down card');
    const hand = sortHand(['K', '2', '10', '3', 'A'].map((v) => tableCard(mainCard(v, v))));
    expect(hand.map((c) => c.id)).toEqual(['2', '3', '10', 'K', 'A']);
  });

  it('fan - side by side while the row fits, else evenly overlapped so 30 cards fit a 360 px phone', () => {
    expect(fanStep(1, 360, 52)).toBe(52);
    expect(fanStep(5, 360, 52)).toBeCloseTo(52 * 1.08);
    const step = fanStep(30, 340, 52);
    expect(step).toBeLessThan(52);
    expect(step * 29 + 52).toBeLessThanOrEqual(340 + 1e-9);
  });

  it('hand spacing - a row never runs past its width: the usual gap, a narrower one, or overlapped', () => {
    // The case a CI run met at 844x390: 9 cards of 45 px in 406 px fit only with a narrower gap.
    const tight = handSpacing(9, 406, 45);
    expect(tight.kind).toBe('tight');
    expect(handSpacing(5, 360, 52)).toEqual({ kind: 'natural' });
    expect(handSpacing(30, 340, 52).kind).toBe('fanned');
    const rowWidth = (s: HandSpacing, n: number, card: number) =>
      s.kind === 'natural'
        ? n * card + (n - 1) * card * 0.08
        : s.kind === 'tight'
          ? n * card + (n - 1) * s.gap
          : (n - 1) * s.step + card;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 52 }),
        fc.double({ min: 20, max: 120, noNaN: true }),
        fc.double({ min: 120, max: 2000, noNaN: true }),
        (n, card, width) => {
          // A fan shows at least 1 px of each card: a row that cannot is out of scope.
          fc.pre(width >= card + n);
          const s = handSpacing(n, width, card);
          expect(rowWidth(s, n, card)).toBeLessThanOrEqual(width + 1e-3);
          if (s.kind === 'tight') expect(s.gap).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('sentences - plays, burns and pick-ups in one wording; the viewer is "You"', () => {
    const cards = [
      { value: '7', symbol: '♥' },
      { value: '7', symbol: '♠' },
    ];
    expect(actionSentence({ who: 'Ann', kind: 'play', cards })).toBe('Ann played 7♥ 7♠');
    expect(actionSentence({ who: 'Ann', you: true, kind: 'play', cards, burned: true })).toBe(
      'You played 7♥ 7♠ and burned the pile',
    );
    expect(actionSentence({ who: 'Bob', kind: 'pickup', cards: [] })).toBe('Bob picked up the pile');
  });
});

describe('table kit - the main game and the REST game as models', () => {
  function mainPlayer(id: number, name: string, extra: Partial<MainPlayer> = {}): MainPlayer {
    return {
      id,
      username: name,
      avatar: null,
      isGuest: true,
      isBot: false,
      isComputer: false,
      connection: 'connected',
      droppedAt: null,
      isHost: false,
      isReady: true,
      isCurrentTurn: false,
      handCards: [masked(`h${id}a`), masked(`h${id}b`)],
      handCount: 2,
      faceUpCards: [mainCard(`u${id}`, '9')],
      faceDownCards: [masked('blind-0'), masked('blind-1')],
      hasLeft: false,
      away: false,
      ...extra,
    };
  }
  function mainGame(extra: Partial<MainGameState> = {}): MainGameState {
    return {
      id: 7,
      name: 'Test',
      status: 'active',
      isPrivate: false,
      allowBots: false,
      hostId: 1,
      playerLimit: 3,
      entryFee: 0,
      prizeAmount: 0,
      rules: { clearWithTens: true, sevenLower: true, burnFourOfAKind: true, mustPlayAllSameValue: false },
      players: [
        mainPlayer(1, 'Ann', { isCurrentTurn: true, handCards: [mainCard('k', 'K'), mainCard('t', '3')] }),
        mainPlayer(2, 'Bob'),
        mainPlayer(3, 'Cy', { away: true }),
      ],
      currentTurn: 1,
      deck: [masked('d1')],
      playedCards: [mainCard('p1', '4'), mainCard('p2', '5'), mainCard('p3', '6'), mainCard('p4', '7')],
      burnedCount: 0,
      lastAction: {
        type: 'burn',
        playerId: 3,
        username: 'Cy',
        cards: [{ value: '10', symbol: '♣' }],
        guestWinner: false,
        prizeAmount: 0,
        timestamp: '',
      },
      winnerId: null,
      playableCards: ['t'],
      canPickUp: true,
      mustChooseFaceUp: false,
      chatMessages: [],
      turnDeadline: 123,
      commitment: '',
      createdAt: '',
      startedAt: null,
      finishedAt: null,
      rematch: null,
      watchers: 0,
      tournament: null,
      ...extra,
    };
  }
  const noop = () => undefined;

  it('main - the others after the viewer, the top 3 of the pile, the sentence, the rows and Pick Up / Play from the server', () => {
    const model = mainTableModel(mainGame(), 2, { selected: [], onCard: noop }, { play: noop, pickUp: noop });
    expect(model.seats.map((s) => s.name)).toEqual(['Cy', 'Ann']);
    expect(model.seats[0]?.flags).toEqual(['Away']);
    expect(model.pile.top.map((c) => c.id)).toEqual(['p2', 'p3', 'p4']);
    expect(model.pile.count).toBe(4);
    expect(model.lastAction).toBe('Cy played 10♣ and burned the pile');
    expect(model.lastMove).toEqual({ by: '3', kind: 'burn' });
    expect(model.turn).toEqual({ text: 'Waiting for Ann', mine: false, deadline: 123 });
    // Not the viewer's turn: nothing to press, whatever the server listed for the one to play.
    expect(model.enabled).toEqual([]);
    expect(actions(model)).toEqual(['Pick Up:off', 'Play:off']);

    const mine = mainTableModel(mainGame(), 1, { selected: ['t'], onCard: noop }, { play: noop, pickUp: noop });
    expect(mine.turn?.text).toBe('Your turn');
    expect(mine.enabled).toEqual(['t']);
    expect(mine.own?.hand.map(cardName)).toEqual(['3 of hearts', 'K of hearts']);
    expect(mine.own?.faceDown.map(cardName)).toEqual(['Face-down card', 'Face-down card']);
    expect(actions(mine)).toEqual(['Pick Up:on', 'Play:on']);

    const watcher = mainTableModel(mainGame(), 99, { selected: [], onCard: noop }, { play: noop, pickUp: noop });
    expect(watcher.own).toBeNull();
    expect(watcher.actions).toEqual([]);
    expect(watcher.turn?.text).toBe("Ann's turn");
  });

  it('rest - Pick Up Pile and Play Selected on the viewer turn, off while a request runs; the REST last action in words', () => {
    const card = (id: string, value: string, suit: string): RestCard => ({ id, value, suit, color: 'black' });
    const seat = (id: string, name: string, extra: Partial<RestPlayer> = {}): RestPlayer =>
      restSeat(id, name, { isReady: true, ...extra });
    const game: RestGameState = {
      id: 'ABC123',
      variant: 'classic',
      isPublic: true,
      maxPlayers: 2,
      status: 'playing',
      players: [
        seat('me', 'Ann', { hand: [card('x', '8', '♣')], handCount: 1, faceDown: [masked('blind-0')] }),
        seat('p2', 'AI Player 1', { isAI: true, aiLevel: 'strong' }),
      ],
      currentTurn: 'me',
      pile: [card('y', '5', '♦')],
      pileCount: 1,
      deck: [],
      deckCount: 20,
      winner: null,
      winnerName: null,
      lastAction: {
        player: 'p2',
        playerName: 'AI Player 1',
        action: 'play',
        cards: [card('y', '5', '♦')],
        burned: false,
        timestamp: 1,
      },
      chatMessages: [],
      playableCards: ['x'],
      canPickUp: true,
      turnDeadline: null,
      commitment: '',
      createdAt: 0,
      lastUpdate: 3,
      rematch: null,
    };
    const ui = { selected: ['x'], onCard: noop, busy: false, play: noop, pickUp: noop };
    const model = restTableModel(game, 'me', ui);
    expect(actions(model)).toEqual(['Pick Up Pile:on', 'Play Selected:on']);
    expect(model.lastAction).toBe('AI Player 1 played 5♦');
    expect(model.seats[0]?.ai).toEqual({ level: 'Strong' });
    expect(model.turn?.text).toBe('Your turn');
    expect(actions(restTableModel(game, 'me', { ...ui, busy: true }))).toEqual([
      'Pick Up Pile:off',
      'Play Selected:off',
    ]);
    expect(restTableModel({ ...game, currentTurn: 'p2' }, 'me', ui).turn?.text).toBe('Wait for your turn to play');
  });
});

describe('table kit - the drawn table', () => {
  const model: TableModel = {
    seats: [{ key: 'b', name: 'Bob', isTurn: true, handCount: 4, faceUp: [], faceDownCount: 3 }],
    deckCount: 10,
    pile: { top: [], count: 0 },
    lastAction: null,
    turn: { text: 'Waiting for Bob', mine: false },
    own: {
      hand: [tableCard(mainCard('h1', '7')), tableCard(mainCard('h2', '9'))],
      faceUp: [tableCard(mainCard('u1', 'Q'))],
      faceDown: [tableCard(masked('blind-0'))],
    },
    enabled: ['h1'],
    selected: [],
    onCard: vi.fn(),
    actions: [{ key: 'play', label: 'Play', tone: 'primary', enabled: false, onPress: vi.fn() }],
  };

  it('table - own cards are buttons in the Hand, Face up and Face down groups; only the enabled ones can be pressed', () => {
    render(<GameTable model={model} />);
    const hand = within(screen.getByRole('group', { name: 'Hand' })).getAllByRole('button');
    expect(hand.map((b) => b.getAttribute('aria-label'))).toEqual(['7 of hearts', '9 of hearts']);
    expect(hand.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true]);
    fireEvent.click(hand[0] as HTMLElement);
    expect(model.onCard).toHaveBeenCalledWith('h1');
    expect(
      within(screen.getByRole('group', { name: 'Face down' }))
        .getByRole('button')
        .getAttribute('aria-label'),
    ).toBe('Face-down card');
    expect(screen.getByRole('button', { name: 'Play' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('list', { name: 'Other players' }).textContent).toContain('Bob');
  });

  it('card options - the four-colour deck and large cards switch the table and are kept on this device', () => {
    localStorage.removeItem(PREFS_KEY);
    usePrefs.setState({ fourColour: false, largeCards: false, accountId: null });
    render(<GameTable model={model} />);
    const table = screen.getByRole('region', { name: 'Game table' });
    expect(table.className).not.toContain('four-colour');
    fireEvent.click(screen.getByRole('button', { name: 'Card options' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Four-colour deck' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Large cards' }));
    expect(table.className).toContain('four-colour');
    expect(table.className).toContain('large-cards');
    expect(JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}').state).toMatchObject({
      fourColour: true,
      largeCards: true,
    });
  });
});

describe('table kit - hints (docs/product.md §D14 hint)', () => {
  const own = [tableCard(mainCard('c5', '5', 'clubs')), tableCard(mainCard('h5', '5')), tableCard(masked('blind-0'))];

  it('hint line - names the hinted cards, a face-down card is turned over, a pick-up takes the pile', () => {
    expect(hintLine({ action: 'play', cardIds: ['c5'], reason: 'Sheds your lowest playable card, the 5' }, own)).toBe(
      'Hint: play the 5 of clubs. Sheds your lowest playable card, the 5.',
    );
    expect(hintLine({ action: 'play', cardIds: ['c5', 'h5'], reason: 'Plays your 2 5s at once' }, own)).toBe(
      'Hint: play the 5 of clubs and the 5 of hearts. Plays your 2 5s at once.',
    );
    expect(hintLine({ action: 'play', cardIds: ['blind-0'], reason: 'Turn a face-down card' }, own)).toBe(
      'Hint: turn a face-down card. Turn a face-down card.',
    );
    expect(
      hintLine({ action: 'pickup', cardIds: [], reason: 'Nothing you hold can go on this pile: take it' }, own),
    ).toBe('Hint: pick up the pile. Nothing you hold can go on this pile: take it.');
  });

  it('with hint - the button goes before Play and the line becomes the note; nothing once the game is over', () => {
    const press = () => {};
    const model: TableModel = {
      seats: [],
      deckCount: 0,
      pile: { top: [], count: 0 },
      lastAction: 'Bob played 3♣',
      turn: null,
      own: null,
      enabled: [],
      selected: [],
      onCard: press,
      actions: [
        { key: 'pickup', label: 'Pick Up', tone: 'secondary', enabled: true, onPress: press },
        { key: 'play', label: 'Play', tone: 'primary', enabled: false, onPress: press },
      ],
    };
    const hint = { key: 'hint', label: 'Hint', tone: 'secondary', enabled: true, onPress: press } as const;
    const shown = withHint(model, { action: hint, line: 'Hint: pick up the pile. Take it.' });
    expect(actions(shown)).toEqual(['Pick Up:on', 'Hint:on', 'Play:off']);
    expect(shown.note).toBe('Hint: pick up the pile. Take it.');
    expect(actions(withHint(model, { action: null, line: null }))).toEqual(['Pick Up:on', 'Play:off']);
    expect(withHint({ ...model, actions: [] }, { action: hint, line: null }).actions).toEqual([]);
  });
});
