import type { MainChatMessage, MainGameState } from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ChatPanel } from '../src/pages/play/chat-panel.js';
import { useAuth } from '../src/stores/auth-store.js';
import { useGame } from '../src/stores/game-store.js';

const GAME_ID = 7;

const game: MainGameState = {
  id: GAME_ID,
  name: 'Test Game',
  status: 'active',
  isPrivate: false,
  allowBots: false,
  hostId: 1,
  playerLimit: 2,
  entryFee: 100,
  prizeAmount: 200,
  rules: { clearWithTens: true, sevenLower: true, burnFourOfAKind: true, mustPlayAllSameValue: false },
  players: [
    {
      id: 1,
      username: 'me',
      avatar: null,
      isGuest: false,
      isBot: false,
      isComputer: false,
      connection: 'connected',
      droppedAt: null,
      isHost: true,
      isReady: true,
      isCurrentTurn: false,
      handCards: [],
      handCount: 0,
      faceUpCards: [],
      faceDownCards: [],
      hasLeft: false,
      away: false,
    },
  ],
  currentTurn: null,
  deck: [],
  playedCards: [],
  burnedCount: 0,
  lastAction: null,
  winnerId: null,
  playableCards: [],
  canPickUp: false,
  mustChooseFaceUp: false,
  chatMessages: [],
  turnDeadline: null,
  commitment: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  rematch: null,
  watchers: 0,
  tournament: null,
};

const line = (id: number, message: string): MainChatMessage => ({
  id,
  gameId: GAME_ID,
  userId: 1,
  username: `user${id}`,
  avatar: null,
  message,
  timestamp: '2026-01-01T12:00:00.000Z',
});

const lines = (count: number) => Array.from({ length: count }, (_, i) => line(i + 1, `message ${i + 1}`));

let send: Mock<(message: Record<string, unknown>) => boolean>;

beforeEach(() => {
  send = vi.fn((_message: Record<string, unknown>) => true);
  useGame.setState({ game, chat: [], status: 'open', send });
  useAuth.setState({
    user: { id: 1, username: 'me', email: null, avatar: null, isGuest: false, isBot: false },
    loading: false,
  });
});
afterEach(cleanup);

/** Renders the panel and opens it. */
function openChat() {
  render(<ChatPanel />);
  fireEvent.click(screen.getByRole('button', { name: /^Open chat/ }));
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Message' });
}

/** Types `value` into the chat input (the cursor at its end). */
function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
}

const suggestionGroup = () => screen.queryByRole('group', { name: 'Emoji suggestions' });
const suggestionButtons = () => within(screen.getByRole('group', { name: 'Emoji suggestions' })).getAllByRole('button');

describe('chat panel', () => {
  it('a watcher reads the chat but has no field to write in (docs/product.md §D11 watching)', () => {
    useAuth.setState({ user: { id: 99, username: 'watcher', email: null, avatar: null, isGuest: true, isBot: false } });
    useGame.setState({ chat: lines(2) });
    render(<ChatPanel />);
    fireEvent.click(screen.getByRole('button', { name: /^Open chat/ }));
    expect(screen.getByText('message 2')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByText('Spectators read the chat; only the players write in it.')).toBeTruthy();
  });

  it('nothing shows without a game', () => {
    useGame.setState({ game: null });
    const { container } = render(<ChatPanel />);
    expect(container.innerHTML).toBe('');
  });

  it('bubble - shows the unread count, "9+" above 9, and clears it when opened', () => {
    render(<ChatPanel />);
    act(() => useGame.setState({ chat: lines(3) }));
    expect(screen.getByRole('button', { name: 'Open chat (3 unread)' }).textContent).toBe('Chat3');

    act(() => useGame.setState({ chat: lines(9) }));
    expect(screen.getByRole('button', { name: 'Open chat (9 unread)' }).textContent).toBe('Chat9');
    act(() => useGame.setState({ chat: lines(12) }));
    expect(screen.getByRole('button', { name: 'Open chat (12 unread)' }).textContent).toBe('Chat9+');

    fireEvent.click(screen.getByRole('button', { name: /^Open chat/ }));
    expect(screen.getByRole('region', { name: 'Chat' })).not.toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.getByRole('button', { name: 'Open chat (0 unread)' }).textContent).toBe('Chat');

    act(() => useGame.setState({ chat: [...lines(12), line(13, 'new')] }));
    expect(screen.getByRole('button', { name: 'Open chat (1 unread)' }).textContent).toBe('Chat1');
  });

  it('bubble - the history a game has when it is joined is not unread; only lines arriving afterwards count', () => {
    // As the game store joins: no game, then the game's state with its chat history at once.
    useGame.setState({ game: null, chat: [] });
    render(<ChatPanel />);
    act(() => useGame.setState({ game, chat: lines(5) }));
    expect(screen.getByRole('button', { name: 'Open chat (0 unread)' }).textContent).toBe('Chat');
    act(() => useGame.setState({ chat: lines(7) }));
    expect(screen.getByRole('button', { name: 'Open chat (2 unread)' }).textContent).toBe('Chat2');

    // Another game joined: its history is not unread either.
    act(() => useGame.setState({ game: { ...game, id: GAME_ID + 1 }, chat: lines(4) }));
    expect(screen.getByRole('button', { name: 'Open chat (0 unread)' })).not.toBeNull();
    cleanup();

    // The panel mounted with the game and its history already there (the room's first render).
    useGame.setState({ game, chat: lines(11) });
    render(<ChatPanel />);
    expect(screen.getByRole('button', { name: 'Open chat (0 unread)' }).textContent).toBe('Chat');
    act(() => useGame.setState({ chat: lines(12) }));
    expect(screen.getByRole('button', { name: 'Open chat (1 unread)' }).textContent).toBe('Chat1');
  });

  it('messages - shortcodes of both catalogues render as emoji; 1–2 emoji alone show large', () => {
    useGame.setState({
      chat: [line(1, 'gg :handshake: :fire:'), line(2, ':party:'), line(3, ' 👍👍 '), line(4, 'ok :nope:')],
    });
    openChat();
    const texts = screen.getAllByRole('listitem').map((item) => item.querySelector('.chat-text'));
    expect(texts.map((t) => t?.textContent)).toEqual(['gg 🤝 🔥', '🥳', ' 👍👍 ', 'ok :nope:']);
    expect(texts.map((t) => t?.classList.contains('chat-text-large'))).toEqual([false, true, true, false]);
  });

  it('send - empty or whitespace input cannot be sent; Enter sends the trimmed text and clears', () => {
    const input = openChat();
    const sendButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    const enter = () => fireEvent.submit(input.form as HTMLFormElement);
    expect(sendButton.disabled).toBe(true);
    type(input, '   ');
    expect(sendButton.disabled).toBe(true);
    enter();
    expect(send).not.toHaveBeenCalled();

    type(input, '  hello there ');
    expect(sendButton.disabled).toBe(false);
    enter();
    expect(send).toHaveBeenCalledWith({ type: 'chat_message', gameId: GAME_ID, message: 'hello there' });
    expect(input.value).toBe('');
    expect(sendButton.disabled).toBe(true);
  });

  it('send - the text stays when the socket could not send', () => {
    send.mockReturnValue(false);
    const input = openChat();
    type(input, 'hi');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('hi');
  });

  it('colon search - ":" plus 2 letters opens the picker with the search filled in; choosing replaces the query', () => {
    const input = openChat();
    type(input, 'nice :p');
    expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).toBeNull();
    type(input, 'nice :pa');
    const picker = screen.getByRole('dialog', { name: 'Emoji picker' });
    expect(within(picker).getByRole<HTMLInputElement>('searchbox', { name: 'Search emoji' }).value).toBe('pa');
    const results = within(picker).getByRole('group', { name: 'Search results' });
    expect(within(results).getByRole('button', { name: 'party' }).textContent).toBe('🥳');
    // Typing goes on in the input: the search follows.
    type(input, 'nice :par');
    expect(within(picker).getByRole<HTMLInputElement>('searchbox').value).toBe('par');

    fireEvent.click(within(picker).getByRole('button', { name: 'party' }));
    expect(input.value).toBe('nice 🥳');
    expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('colon search - Escape closes the picker; it stays closed for that query, and a space closes it too', () => {
    const input = openChat();
    type(input, ':fi');
    expect(screen.getByRole('dialog', { name: 'Emoji picker' })).not.toBeNull();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    type(input, ':fir');
    expect(screen.getByRole('dialog', { name: 'Emoji picker' })).not.toBeNull();
    type(input, ':fir ');
    expect(screen.queryByRole('dialog')).toBeNull();
    type(input, 'at 10:30');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('suggestions - appear only from 3 letters of the current word, at most 5; choosing replaces the word', () => {
    const input = openChat();
    type(input, 'I lo');
    expect(suggestionGroup()).toBeNull();
    type(input, 'I lov');
    const found = suggestionButtons();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(5);
    expect(found.map((b) => b.getAttribute('aria-label'))).toContain('love');
    type(input, 'car');
    expect(suggestionButtons()).toHaveLength(5);
    type(input, 'car ');
    expect(suggestionGroup()).toBeNull();

    type(input, 'I lov');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Emoji suggestions' })).getByRole('button', { name: 'love' }),
    );
    expect(input.value).toBe('I 😍');
    expect(suggestionGroup()).toBeNull();
  });

  it('quick phrases - a menu of 12; choosing one sends "emoji text" at once', () => {
    openChat();
    const toggle = screen.getByRole('button', { name: 'Quick phrases' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Quick phrases' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(12);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Good game!' }));
    expect(send).toHaveBeenCalledWith({ type: 'chat_message', gameId: GAME_ID, message: '🤝 Good game!' });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('emoji button - a picker with category tabs and search; Escape closes; choosing inserts at the cursor', () => {
    const input = openChat();
    type(input, 'hello');
    const button = screen.getByRole('button', { name: 'Emoji' });
    fireEvent.click(button);
    const picker = screen.getByRole('dialog', { name: 'Emoji picker' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(picker).getByRole('searchbox', { name: 'Search emoji' }));
    const tabs = within(picker).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Cards', 'Actions', 'Emotions', 'Special']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(within(within(picker).getByRole('tabpanel')).getAllByRole('button')).toHaveLength(12);

    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(within(picker).getByRole('tab', { name: 'Actions' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(picker).getByRole('tab', { name: 'Actions' }));
    expect(within(picker).getByRole('tabpanel', { name: 'Actions' })).not.toBeNull();
    fireEvent.click(within(picker).getByRole('tab', { name: 'Emotions' }));
    expect(within(picker).getByRole('tabpanel', { name: 'Emotions' })).not.toBeNull();

    fireEvent.keyDown(within(picker).getByRole('searchbox'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);

    // Cursor after "hel": the emoji goes there.
    input.setSelectionRange(3, 3);
    fireEvent.select(input);
    fireEvent.click(button);
    const search = screen.getByRole('searchbox', { name: 'Search emoji' });
    fireEvent.change(search, { target: { value: 'win' } });
    expect(screen.queryByRole('tablist')).toBeNull();
    fireEvent.click(within(screen.getByRole('group', { name: 'Search results' })).getByRole('button', { name: 'win' }));
    expect(input.value).toBe('hel🏆lo');
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe('hel🏆'.length);
  });
});

describe('chat panel - closing', () => {
  it('Close, Escape and a swipe down or right on its header close it; focus goes back to the Chat button', () => {
    const input = openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Open chat/ }));

    fireEvent.click(screen.getByRole('button', { name: /^Open chat/ }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Open chat/ }));
    const head = screen.getByRole('heading', { name: 'Chat' }).parentElement as HTMLElement;
    fireEvent.pointerDown(head, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(head, { clientX: 110, clientY: 120 });
    expect(screen.getByRole('region', { name: 'Chat' })).not.toBeNull();
    fireEvent.pointerDown(head, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(head, { clientX: 105, clientY: 190 });
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
    expect(input).not.toBe(null);
  });

  it('Escape closes an open emoji picker first, then the chat', () => {
    openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    const picker = screen.getByRole('dialog');
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Chat' })).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Emoji' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
  });
});
