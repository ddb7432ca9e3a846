import type { UserBody } from '@palace/protocol';
import { create } from 'zustand';
import { apiGet, apiRequest } from '../lib/api.js';
import { useGame } from './game-store.js';

export type User = UserBody;

export interface RegisterForm {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly avatar?: string;
  readonly inviteCode?: string;
}

interface AuthState {
  /** The signed-in user (guests too), or null. */
  readonly user: User | null;
  /** True until the first check has answered (the splash shows meanwhile). */
  readonly loading: boolean;
  check(): Promise<void>;
  login(username: string, password: string): Promise<User>;
  register(form: RegisterForm): Promise<User>;
  guestLogin(): Promise<User>;
  logout(): Promise<void>;
  /** Takes the server's new copy of the user (after a settings change such as the avatar). */
  replace(user: User): void;
  /** Forgets the user with no request: the account was deleted, and its session with it. */
  forget(): void;
}

/** docs/product.md §P1.4: the user comes from the auth check; a 401 means signed out (no retry). */
export const useAuth = create<AuthState>()((set) => ({
  user: null,
  loading: true,
  async check() {
    try {
      set({ user: await apiGet<User>('/api/auth/check', { on401: 'null' }), loading: false });
    } catch {
      set({ user: null, loading: false });
    }
  },
  async login(username, password) {
    const user = await apiRequest<User>('POST', '/api/auth/login', { username, password });
    set({ user });
    return user;
  },
  async register(form) {
    const user = await apiRequest<User>('POST', '/api/auth/register', form);
    set({ user });
    return user;
  },
  async guestLogin() {
    const user = await apiRequest<User>('POST', '/api/auth/guest-login', {});
    set({ user });
    return user;
  },
  async logout() {
    await apiRequest('POST', '/api/auth/logout');
    // The server closes the user's sockets; stop ours from reconnecting without a session.
    useGame.getState().disconnect();
    set({ user: null });
  },
  replace(user) {
    set({ user });
  },
  forget() {
    useGame.getState().disconnect();
    set({ user: null });
  },
}));

/** Guests have negative ids (docs/product.md §P1.4). */
export function isGuest(user: User | null): boolean {
  return user !== null && user.id < 0;
}

/** The first two letters of a name in capitals (the avatar fallback). */
export function initials(name: string): string {
  return [...name.trim()].slice(0, 2).join('').toUpperCase();
}
