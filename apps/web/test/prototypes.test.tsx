import {
  AI_POLICIES,
  activeSource,
  aiCommand,
  applyCommand,
  createRng,
  type GameState,
  RULE_ERRORS,
  type RuleErrorCode,
  ruleError,
  viewFor,
} from '@palace/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dueSeat, useHotSeat } from '../src/pages/prototypes/hot-seat-store.js';
import { AI_DELAY_MS, AI_SEAT, HUMAN_SEAT, newSinglePlayerGame } from '../src/pages/prototypes/local-game.js';
import { PokerPage } from '../src/pages/prototypes/poker-page.js';
import { usePoker } from '../src/pages/prototypes/poker-store.js';
import { isPrototypePath } from '../src/pages/prototypes/prototype-paths.js';
import { ruleErrorToast } from '../src/pages/prototypes/rule-toast.js';
import { SimplifiedPage } from '../src/pages/prototypes/simplified-page.js';
import { useToasts } from '../src/stores/toast-store.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
  useHotSeat.getState().close();
});

/** The first seed (s0, s1, …) whose deal gives the first turn to `seat`. */
function seedWhere(first: string): string {
  for (let i = 0; i < 200; i++) {
    const seed = `s${i}`;
    if (viewFor(newSinglePlayerGame(seed), HUMAN_SEAT).turn === first) return seed;
  }
  throw new Error('no such seed');
}

const lastToast = () => useToasts.getState().toasts[0];
/** Own card buttons: CardView labels them "{value} of {suit}" or "Face-down card". */
const cardButtons = () => screen.queryAllByRole('button', { name: / of (hearts|diamonds|clubs|spades)$/ });

describe('prototypes - rule error to toast (docs/product.md §P2.5 "Local prototype")', () => {
  it('rule toast - each engine refusal gets the prototype title and text word for word', () => {
    const t = (code: RuleErrorCode) => ruleErrorToast(ruleError(code), 'hand');
    expect(t('turn/not_your_turn')).toEqual({ title: 'Not Your Turn' });
    expect(t('pick_up/empty')).toEqual({ title: 'Empty Pile', description: 'There are no cards to pick up' });
    expect(t('play/too_low')).toEqual({
      title: 'Invalid Move',
      description: "You can't play this card on the current pile",
    });
    expect(t('play/hand_first')).toEqual({
      title: 'Invalid Move',
      description: 'You must play all cards from your hand first',
    });
    expect(t('play/face_up_first')).toEqual({
      title: 'Invalid Move',
      description: 'You must play all cards from your hand and face-up first',
    });
    expect(t('play/unknown_card')).toEqual({ title: 'Card Not Found' });
  });

  it('rule toast - mixing sources is an Invalid Selection naming where to play from', () => {
    const mixed = ruleError('play/mixed_sources');
    expect(ruleErrorToast(mixed, 'hand').description).toBe('You must play from your hand first');
    expect(ruleErrorToast(mixed, 'faceUp').description).toBe('You must play from your face-up cards');
    expect(ruleErrorToast(mixed, 'faceDown').description).toBe('You must play from your face-down cards');
    expect(ruleErrorToast(ruleError('play/mixed_ranks')).title).toBe('Invalid Selection');
  });

  it('rule toast - every engine code maps to a titled toast', () => {
    for (const code of Object.keys(RULE_ERRORS) as RuleErrorCode[]) {
      expect(ruleErrorToast(ruleError(code)).title.length).toBeGreaterThan(0);
    }
  });

  it('prototype paths - /poker and /simplified skip the auth splash, others do not', () => {
    expect(isPrototypePath('/poker')).toBe(true);
    expect(isPrototypePath('/simplified/')).toBe(true);
    expect(isPrototypePath('/play')).toBe(false);
  });
});

describe('prototypes - /poker single-player game', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
  });

  it('poker - the game is dealt 3 face-down, 3 face-up, 3 in hand to you and the prototype AI', () => {
    const game = newSinglePlayerGame('deal');
    expect(game.phase).toBe('playing');
    for (const seat of game.seats) {
      expect([seat.faceDown.length, seat.faceUp.length, seat.hand.length]).toEqual([3, 3, 3]);
    }
    expect(game.seats.map((s) => s.ai)).toEqual([null, 'prototype']);
  });

  it('poker - the AI moves 1.5 s after its turn comes, not before', () => {
    vi.useFakeTimers();
    usePoker.getState().reset(seedWhere(AI_SEAT));
    render(<PokerPage />);
    expect(screen.getByText('AI goes first')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(AI_DELAY_MS - 1);
    });
    expect(usePoker.getState().game.moves).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(usePoker.getState().game.moves).toBe(1);
  });

  it('poker - the AI waits while it is your turn', () => {
    vi.useFakeTimers();
    usePoker.getState().reset(seedWhere(HUMAN_SEAT));
    render(<PokerPage />);
    act(() => {
      vi.advanceTimersByTime(10 * AI_DELAY_MS);
    });
    expect(usePoker.getState().game.moves).toBe(0);
    expect(screen.getByText('Your turn', { selector: '.turn-line' })).toBeTruthy();
  });

  it('poker - a legal card played through the UI goes to the engine; New game deals anew', () => {
    usePoker.getState().reset(seedWhere(HUMAN_SEAT));
    render(<PokerPage />);
    const before = usePoker.getState().seed;
    const playable = cardButtons().filter((b) => b.className.includes('tc-hint'));
    expect(playable.length).toBeGreaterThan(0);
    fireEvent.click(playable[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /^Play( \d+ cards)?$/ }));
    expect(usePoker.getState().game.moves).toBe(1);
    expect(document.querySelector('.last-action')?.textContent ?? '').toMatch(/^You played/);

    fireEvent.click(screen.getByRole('button', { name: 'New game' }));
    const after = usePoker.getState();
    expect(after.seed).not.toBe(before);
    expect(after.game.moves).toBe(0);
    expect(after.game.pile).toEqual([]);
    expect(after.last).toMatch(/(go|goes) first$/);
  });

  it('poker - refusals are toasts: Empty Pile, Not Your Turn, Invalid Move', () => {
    usePoker.getState().reset(seedWhere(HUMAN_SEAT));
    render(<PokerPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick Up' }));
    expect(lastToast()).toMatchObject({ title: 'Empty Pile', description: 'There are no cards to pick up' });

    // A face-up card while the hand is full: the engine says hand first.
    const faceUp = within(screen.getByRole('group', { name: 'Face up' })).getAllByRole('button');
    fireEvent.click(faceUp[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /^Play( \d+ cards)?$/ }));
    expect(lastToast()).toMatchObject({
      title: 'Invalid Move',
      description: 'You must play all cards from your hand first',
    });

    // Force the AI's turn: any card click now is "Not Your Turn".
    const state = usePoker.getState();
    const move = aiCommand(state.game, 0, AI_POLICIES.random, createRng('x'));
    const applied = move === null ? null : applyCommand(state.game, move);
    if (!applied?.ok) throw new Error('the engine refused its own legal move');
    const aiTurn = applied.value.state;
    expect(aiTurn.seats[aiTurn.turn]?.id).toBe(AI_SEAT);
    act(() => usePoker.setState({ game: aiTurn }));
    fireEvent.click(cardButtons()[0] as HTMLElement);
    expect(lastToast()).toMatchObject({ title: 'Not Your Turn' });
  });

  it('poker - the winner message shows when the engine ends the game', () => {
    usePoker.getState().reset('winner');
    // Play both seats with the engine's AI until someone is out.
    let game: GameState = usePoker.getState().game;
    const rng = createRng('both');
    while (game.phase === 'playing') {
      const command = aiCommand(game, game.turn, AI_POLICIES.greedy, rng);
      if (command === null) break;
      const applied = applyCommand(game, command);
      if (!applied.ok) throw new Error(applied.error.code);
      game = applied.value.state;
    }
    usePoker.setState({ game });
    render(<PokerPage />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(game.result?.winner === HUMAN_SEAT ? /You win!/ : /AI wins!/);
  });
});

describe('prototypes - /simplified hot-seat table', () => {
  it('hot seat - create, join, start; the cover hides every hand until the named player confirms', () => {
    render(<SimplifiedPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Table' }));
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Number of players'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Table' }));
    expect(screen.getByRole('heading', { name: 'Waiting room' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start Game' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Next player's name"), { target: { value: 'Bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Start Game' }));

    // Setup: Ann's cover, no card on screen.
    expect(screen.getByRole('heading', { name: 'Pass the device to Ann' })).toBeTruthy();
    expect(cardButtons()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: "I'm Ann: show my cards" }));
    const annCards = cardButtons();
    expect(annCards).toHaveLength(6);
    const annLabels = annCards.map((b) => b.getAttribute('aria-label'));
    for (const b of annCards.slice(0, 3)) fireEvent.click(b);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Face-Up Cards' }));

    // Bob's cover: none of Ann's cards (nor any other) on screen.
    expect(screen.getByRole('heading', { name: 'Pass the device to Bob' })).toBeTruthy();
    expect(cardButtons()).toHaveLength(0);
    expect(document.body.textContent).not.toContain(annLabels[3]);
    fireEvent.click(screen.getByRole('button', { name: "I'm Bob: show my cards" }));
    for (const b of cardButtons().slice(0, 3)) fireEvent.click(b);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Face-Up Cards' }));

    // Play: the first player's cover, then their board with only their own hand.
    const game = useHotSeat.getState().game as GameState;
    expect(game.phase).toBe('playing');
    const first = game.seats.find((s) => s.id === dueSeat(game));
    if (first?.name === 'Ann') {
      // Bob holds the device: Ann's turn starts behind the cover.
      expect(screen.getByRole('heading', { name: 'Pass the device to Ann' })).toBeTruthy();
      expect(cardButtons()).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: "I'm Ann: show my cards" }));
    }
    expect(screen.getByText(`Your turn, ${first?.name}`, { selector: '.turn-line' })).toBeTruthy();
    const hand = within(screen.getByRole('group', { name: 'Hand' })).getAllByRole('button');
    expect(hand).toHaveLength(3);
    // Play a legal card: the turn passes (or stays after a burn or an 8) and a cover follows a pass.
    const seat = game.seats.find((s) => s.id === first?.id);
    expect(seat !== undefined && activeSource(seat)).toBe('hand');
    const playable = hand.filter((b) => b.className.includes('tc-hint'));
    fireEvent.click(playable[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /^Play( \d+ cards)?$/ }));
    const next = useHotSeat.getState().game as GameState;
    expect(next.moves).toBe(1);
    if (dueSeat(next) !== first?.id) {
      expect(screen.getByRole('heading', { name: /^Pass the device to / })).toBeTruthy();
      expect(cardButtons()).toHaveLength(0);
    }
  });
});
