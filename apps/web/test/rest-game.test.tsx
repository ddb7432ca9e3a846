import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeAge } from '../src/lib/format.js';
import { actionLine, changeOf, chatPreview } from '../src/pages/rest-game/rest-changes.js';
import { RestChat } from '../src/pages/rest-game/rest-chat.js';
import {
  gameIdProblem,
  nameProblem,
  normalGameId,
  pollFailed,
  pollInterval,
} from '../src/pages/rest-game/rest-logic.js';
import {
  clearSession,
  loadSession,
  perGamePlayerId,
  randomPlayerName,
  saveSession,
} from '../src/pages/rest-game/rest-session.js';
import { CreateForm, JoinForm } from '../src/pages/rest-game/rest-start.js';
import { useToasts } from '../src/stores/toast-store.js';
import { action, card, ME, message, restState as state } from './rest-fixtures.js';

const lastToast = () => useToasts.getState().toasts[0];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
  localStorage.clear();
  sessionStorage.clear();
});

describe('rest game - lobby ages (docs/product.md §P2.9)', () => {
  const now = 10_000_000_000;
  it('relative age - just now under 60 s, minutes under an hour, hours under a day, else days', () => {
    const ago = (ms: number) => relativeAge(now - ms, now);
    expect(ago(0)).toBe('just now');
    expect(ago(59_999)).toBe('just now');
    expect(ago(60_000)).toBe('1 min ago');
    expect(ago(59 * 60_000)).toBe('59 min ago');
    expect(ago(3_600_000)).toBe('1 hour ago');
    expect(ago(5 * 3_600_000)).toBe('5 hours ago');
    expect(ago(24 * 3_600_000 - 1)).toBe('23 hours ago');
    expect(ago(24 * 3_600_000)).toBe('1 day ago');
    expect(ago(3 * 24 * 3_600_000)).toBe('3 days ago');
    // A clock a little behind the server's never says "in the future".
    expect(relativeAge(now + 5000, now)).toBe('just now');
  });
});

describe('rest game - polling (docs/product.md §P2.8, §P2.9)', () => {
  it('poll interval - 1 s on your turn, 1.5 s otherwise while playing, 2.5 s waiting, none when finished', () => {
    expect(pollInterval(state({ status: 'playing', currentTurn: ME }), ME)).toBe(1000);
    expect(pollInterval(state({ status: 'playing', currentTurn: 'p2' }), ME)).toBe(1500);
    expect(pollInterval(state({ status: 'waiting' }), ME)).toBe(2500);
    // Finished: slowly, only until a rematch is offered (docs/product.md §D11).
    expect(pollInterval(state({ status: 'finished', winner: 'p2' }), ME)).toBe(5000);
    expect(
      pollInterval(state({ status: 'finished', winner: 'p2', rematch: { gameId: 'NEXT01', offeredBy: 'Bob' } }), ME),
    ).toBeNull();
    expect(pollInterval(null, ME)).toBe(2500);
  });

  it('failure counter - the warning comes once, at the 3rd consecutive failure, worded by the kind', () => {
    let failures = 0;
    const titles: Array<string | null> = [];
    for (let i = 0; i < 5; i++) {
      const step = pollFailed(failures, 'status');
      failures = step.failures;
      titles.push(step.toast?.title ?? null);
    }
    expect(titles).toEqual([null, null, 'Connection Issue', null, null]);
    expect(pollFailed(2, 'status').toast).toMatchObject({
      title: 'Connection Issue',
      description: "Having trouble reaching the game server. We'll keep trying...",
      variant: 'destructive',
      duration: 3000,
    });
    expect(pollFailed(2, 'network').toast).toMatchObject({
      title: 'Connection Lost',
      description: 'Lost connection to the game server. Attempting to reconnect...',
    });
    // After a success the caller starts again from 0: the warning can come again.
    expect(pollFailed(pollFailed(pollFailed(0, 'network').failures, 'network').failures, 'network').toast?.title).toBe(
      'Connection Lost',
    );
  });
});

describe('rest game - change toasts (docs/product.md §P2.4)', () => {
  it('change - the first state seen changes nothing', () => {
    expect(changeOf(null, state({ status: 'playing' }), ME)).toBeNull();
  });

  it('change - waiting to playing says who goes first, with the sound', () => {
    const started = changeOf(state(), state({ status: 'playing', currentTurn: 'p2' }), ME);
    expect(started).toEqual({
      toast: { title: 'Game Started!', description: 'Bob goes first', duration: 3000 },
      sound: true,
    });
    expect(changeOf(state(), state({ status: 'playing', currentTurn: ME }), ME)?.toast.description).toBe(
      'You go first',
    );
  });

  it('change - a new winner gives Game Over naming the winner', () => {
    const playing = state({ status: 'playing', currentTurn: 'p2' });
    const over = changeOf(playing, state({ status: 'finished', winner: 'p2', winnerName: 'Bob' }), ME);
    expect(over?.toast).toMatchObject({ title: 'Game Over', description: 'Bob won the game!' });
    expect(changeOf(playing, state({ status: 'finished', winner: ME, winnerName: 'Ann' }), ME)?.toast.description).toBe(
      'You won the game!',
    );
  });

  it("change - another player's new action is told; yours and an old one are not", () => {
    const before = state({ status: 'playing' });
    const played = state({ status: 'playing', lastAction: action('p2', 'Bob') });
    expect(changeOf(before, played, ME)?.toast.title).toBe('Bob played 7♥');
    const pair = action('p2', 'Bob', { cards: [card('a', '7', '♥'), card('b', '7', '♠')], timestamp: 2000 });
    expect(changeOf(played, state({ status: 'playing', lastAction: pair }), ME)?.toast.title).toBe('Bob played 7♥ 7♠');
    const picked = action('p2', 'Bob', { action: 'pickup', cards: [], timestamp: 3000 });
    expect(changeOf(played, state({ status: 'playing', lastAction: picked }), ME)?.toast.title).toBe(
      'Bob picked up the pile',
    );
    expect(changeOf(played, { ...played, lastUpdate: 2 }, ME)).toBeNull();
    expect(changeOf(before, state({ status: 'playing', lastAction: action(ME, 'Ann') }), ME)).toBeNull();
  });

  it('action line - "You" for the viewer, the burn said', () => {
    expect(actionLine(action(ME, 'Ann', { cards: [card('t', '10', '♣')], burned: true }), ME)).toBe(
      'You played 10♣ and burned the pile',
    );
  });
});

describe('rest game - validation (docs/product.md §P2.5)', () => {
  it('name - required after trimming, with the text of each place', () => {
    expect(nameProblem('  ', 'create')).toMatchObject({
      title: 'Name Required',
      description: 'Please enter your name to create a game',
    });
    expect(nameProblem('', 'join')?.description).toBe('Please enter your name to join a game');
    expect(nameProblem('\t', 'lobby-join')?.description).toBe('Please enter your name to join the game');
    expect(nameProblem(' Ann ', 'create')).toBeNull();
  });

  it('game id - required, upper-cased as typed', () => {
    expect(gameIdProblem(' ')).toMatchObject({
      title: 'Game ID Required',
      description: 'Please enter a game ID to join',
    });
    expect(gameIdProblem('abc123')).toBeNull();
    expect(normalGameId('ab c1')).toBe('ABC1');
  });

  it('join form - the id field upper-cases as typed; a blank name is refused with the toast', () => {
    const submit = vi.fn();
    let id = '';
    const { rerender } = render(
      <JoinForm
        name=" "
        onName={() => {}}
        gameId={id}
        onGameId={(v) => {
          id = v;
        }}
        onSubmit={submit}
        onCancel={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Game ID'), { target: { value: 'k3t9qa' } });
    expect(id).toBe('K3T9QA');
    rerender(
      <JoinForm name=" " onName={() => {}} gameId={id} onGameId={() => {}} onSubmit={submit} onCancel={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(lastToast()).toMatchObject({ title: 'Name Required', description: 'Please enter your name to join a game' });
    expect(submit).not.toHaveBeenCalled();
  });

  it('create form - sends the trimmed name and the variant; the advanced box only says coming soon', () => {
    const submit = vi.fn();
    render(
      <CreateForm
        name="  Ann "
        onName={() => {}}
        variant="wild"
        onVariant={() => {}}
        onSubmit={submit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText('Classic with see-through 3s and 9s that reverse play.')).toBeTruthy();
    expect(screen.queryByText('Custom rules are coming soon')).toBeNull();
    fireEvent.click(screen.getByLabelText('Show advanced options'));
    expect(screen.getByText('Custom rules are coming soon')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledWith('Ann', 'wild');
  });
});

describe('rest game - chat (docs/product.md §P2.5, §P2.9)', () => {
  it('chat preview - "{sender}: {text}" with the text cut to 50 characters and "…"', () => {
    expect(chatPreview('Bob', 'hi :fire:')).toBe('Bob: hi 🔥');
    const long = 'x'.repeat(60);
    expect(chatPreview('Bob', long)).toBe(`Bob: ${'x'.repeat(50)}…`);
    expect(chatPreview('Bob', 'y'.repeat(50))).toBe(`Bob: ${'y'.repeat(50)}`);
  });

  it('chat - shortcodes shown as emojis, emoji messages large, Enter sends, Shift+Enter and blanks do not', async () => {
    const send = vi.fn(async () => true);
    render(
      <RestChat
        playerId={ME}
        onSend={send}
        messages={[message('m1', 'p2', 'Bob', ':fire:'), message('m2', ME, 'Ann', 'nice :thumbsup: play, well done')]}
      />,
    );
    const log = screen.getByRole('list', { name: 'Chat messages' });
    const [fire, long] = within(log).getAllByRole('listitem');
    expect(fire?.querySelector('.chat-text')?.textContent).toBe('🔥');
    expect(fire?.querySelector('.chat-text')?.classList.contains('emoji-large')).toBe(true);
    expect(fire?.textContent).toContain('Bob');
    expect(long?.querySelector('.chat-text')?.textContent).toBe('nice 👍 play, well done');
    expect(long?.querySelector('.chat-text')?.classList.contains('emoji-large')).toBe(false);

    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'line one' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(send).not.toHaveBeenCalled();
    // The picker inserts the shortcode named by its description.
    fireEvent.click(screen.getByRole('button', { name: 'Emojis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fire' }));
    expect((box as HTMLTextAreaElement).value).toBe('line one :fire:');
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(send).toHaveBeenCalledWith('line one :fire:', false);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });
});

describe('rest game - session storage (docs/product.md §P2.3)', () => {
  it('session - saved, read back upper-cased, per-game id kept for the tab, cleared', () => {
    saveSession({ gameId: 'K3T9QA', playerId: 'cred' });
    expect(loadSession()).toEqual({ gameId: 'K3T9QA', playerId: 'cred' });
    expect(localStorage.getItem('palace_game_id')).toBe('K3T9QA');
    expect(perGamePlayerId('k3t9qa')).toBe('cred');
    clearSession();
    expect(loadSession()).toBeNull();
    expect(sessionStorage.getItem('palace_player_id_K3T9QA')).toBe('cred');
  });

  it('default name - "Player" and 4 digits', () => {
    expect(randomPlayerName(() => 0)).toBe('Player1000');
    expect(randomPlayerName(() => 0.99999)).toBe('Player9999');
  });
});
