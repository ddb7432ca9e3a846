import type { LobbyGame, NotificationItem, OnlineFriend } from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ago,
  badgeText,
  bellLabel,
  closedNote,
  gamesWithout,
  invitableGames,
  inviteText,
} from '../src/lib/invitations.js';
import { FriendInvite } from '../src/pages/friend-invite.js';
import { Bell } from '../src/shell/bell.js';
import { useNotifications } from '../src/stores/notifications-store.js';

/** A fetch stub answering by "METHOD url" (404 otherwise); every call is recorded with its body. */
function stubFetch(answers: Record<string, unknown>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ key, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const answer = answers[key];
    return answer === undefined
      ? new Response(JSON.stringify({ message: 'nope' }), { status: 404 })
      : new Response(JSON.stringify(answer), { status: 200 });
  });
  return calls;
}

/** Lets the stubbed requests and the renders they cause finish. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** A human player in a lobby entry. */
const seat = (id: number, username: string): LobbyGame['players'][number] => ({
  id,
  username,
  avatar: null,
  isBot: false,
  isComputer: false,
});

const game = (over: Partial<LobbyGame>): LobbyGame => ({
  id: 7,
  name: 'Friday game',
  status: 'waiting',
  isPrivate: false,
  allowBots: false,
  playerCount: 1,
  playerLimit: 4,
  players: [seat(5, 'Ann')],
  startedAt: '2026-01-01T00:00:00.000Z',
  entryFee: 100,
  prizeAmount: 400,
  hostId: 5,
  hostName: 'Ann',
  tournament: null,
  ...over,
});

const invitation = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  kind: 'game_invite',
  fromUser: { id: 5, username: 'Ann', avatar: null },
  gameId: 7,
  gameName: 'Friday game',
  gameStatus: 'open',
  createdAt: new Date().toISOString(),
  read: false,
  ...over,
});

const bob: OnlineFriend = { id: 9, username: 'Bob', avatar: null, status: 'online' };

beforeEach(() => useNotifications.getState().reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invitations - wording and choices', () => {
  it('bell - the label and badge follow the unread count', () => {
    expect([bellLabel(0), bellLabel(3)]).toEqual(['Notifications', 'Notifications (3)']);
    expect([badgeText(0), badgeText(4), badgeText(12)]).toEqual([null, '4', '9+']);
    expect(inviteText(invitation({}))).toBe('Ann invited you to Friday game');
    expect(['open', 'seated', 'full', 'started', 'over'].map((s) => closedNote(s as 'open'))).toEqual([
      null,
      null,
      'This game is full',
      'This game has started without you',
      'This game has ended',
    ]);
    const now = Date.parse('2026-01-02T00:00:00.000Z');
    expect(
      ['2026-01-01T23:59:30.000Z', '2026-01-01T23:55:00.000Z', '2026-01-01T21:00:00.000Z', 'x'].map((t) => ago(t, now)),
    ).toEqual(['just now', '5 min ago', '3 h ago', 'just now']);
  });

  it('friends - only my waiting games with a free seat (no tournament table) can take an invitation', () => {
    const mine = game({});
    const games = [
      mine,
      game({ id: 8, status: 'active' }),
      game({ id: 9, playerCount: 4 }),
      game({ id: 10, players: [seat(6, 'Cy')] }),
      game({ id: 11, tournament: { id: 1, name: 'Cup', round: 1, rounds: 3, table: 1 } as LobbyGame['tournament'] }),
    ];
    expect(invitableGames(games, 5).map((g) => g.id)).toEqual([7]);
    const withBob = game({
      id: 12,
      players: [...mine.players, seat(9, 'Bob')],
    });
    expect(gamesWithout([mine, withBob], 9).map((g) => g.id)).toEqual([7]);
  });
});

/** The current address, to see where a link went. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderBell() {
  return render(
    <MemoryRouter initialEntries={['/friends']}>
      <Bell userId={9} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('bell', () => {
  it('bell - the real unread count; opening lists, marks the shown ones read; Escape closes with focus back', async () => {
    const calls = stubFetch({
      'GET /api/notifications/unread': { unread: 2 },
      'GET /api/notifications': {
        unread: 2,
        items: [
          invitation({ id: 3 }),
          invitation({
            id: 2,
            fromUser: { id: 6, username: 'Cy', avatar: null },
            gameName: 'Late game',
            gameStatus: 'full',
          }),
          invitation({ id: 1, gameId: 4, gameName: 'Old game', gameStatus: 'over', read: true }),
        ],
      },
      'POST /api/notifications/read': { unread: 0 },
    });
    renderBell();
    await settle();
    const bell = screen.getByRole('button', { name: 'Notifications (2)' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    await settle();
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(document.activeElement).toBe(panel);
    expect(screen.getByText('Ann invited you to Friday game')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join Friday game' }).getAttribute('href')).toBe('/play?gameId=7');
    expect(panel.textContent).toContain('This game is full');
    expect(panel.textContent).toContain('This game has ended');
    // Only an open game offers Join.
    expect(screen.getAllByRole('link', { name: /^Join/ })).toHaveLength(1);
    expect(calls.find((c) => c.key === 'POST /api/notifications/read')?.body).toEqual({ ids: [3, 2] });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBe(bell);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('bell - nothing unread: no badge; Join navigates and the panel closes', async () => {
    stubFetch({
      'GET /api/notifications/unread': { unread: 0 },
      'GET /api/notifications': { unread: 0, items: [invitation({ read: true })] },
    });
    const { container } = renderBell();
    await settle();
    expect(container.querySelector('.badge')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await settle();
    fireEvent.click(screen.getByRole('link', { name: 'Join Friday game' }));
    await settle();
    expect(screen.getByTestId('where').textContent).toBe('/play?gameId=7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('bell - an empty list says where invitations come from', async () => {
    stubFetch({ 'GET /api/notifications/unread': { unread: 0 }, 'GET /api/notifications': { unread: 0, items: [] } });
    renderBell();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await settle();
    expect(screen.getByText(/No notifications yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite friends to a game' }).getAttribute('href')).toBe('/friends');
  });
});

describe('friend invite', () => {
  function renderInvite(games: LobbyGame[], sent = vi.fn()) {
    render(
      <MemoryRouter>
        <ul>
          <li>
            <FriendInvite friend={bob} games={games} onSent={sent} onRefused={() => undefined} />
          </li>
        </ul>
      </MemoryRouter>,
    );
    return sent;
  }

  it('invite - one game: one tap sends the invitation into it', async () => {
    const calls = stubFetch({ 'POST /api/friends/9/invite': { message: 'Invitation sent to Bob' } });
    const sent = renderInvite([game({})]);
    fireEvent.click(screen.getByRole('button', { name: 'Invite Bob to Friday game' }));
    await settle();
    expect(calls).toEqual([{ key: 'POST /api/friends/9/invite', body: { gameId: 7 } }]);
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('invite - several games: a choice (Escape cancels, focus back on Invite); a friend in every game is told so', async () => {
    const calls = stubFetch({ 'POST /api/friends/9/invite': { message: 'Invitation sent to Bob' } });
    renderInvite([game({}), game({ id: 8, name: 'Late game', playerCount: 2 })]);
    const invite = screen.getByRole('button', { name: 'Invite Bob to a game' });
    fireEvent.click(invite);
    const choice = screen.getByRole('group', { name: 'Invite Bob to a game' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Friday game (1/4)' }));
    fireEvent.keyDown(choice, { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invite Bob to a game' }));
    fireEvent.click(screen.getByRole('button', { name: 'Invite Bob to a game' }));
    fireEvent.click(screen.getByRole('button', { name: 'Late game (2/4)' }));
    await settle();
    expect(calls).toEqual([{ key: 'POST /api/friends/9/invite', body: { gameId: 8 } }]);
    cleanup();
    renderInvite([game({ players: [seat(9, 'Bob')] })]);
    expect(screen.getByText('In your game')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
