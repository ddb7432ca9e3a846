import { DEFAULT_PREFERENCES, type Preferences } from '@palace/protocol';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { apiGet, apiRequest } from '../lib/api.js';
import { isGuest, type User, useAuth } from './auth-store.js';

/**
 * The player's preferences (docs/product.md §D11 "Settings"; docs/web.md "Settings"): one store for
 * the whole app, kept with a registered player's account and in this browser for anyone else.
 */
export type { Preferences };

const KEYS = Object.keys(DEFAULT_PREFERENCES) as ReadonlyArray<keyof Preferences>;

/** Where this browser keeps them (guests and visitors; a copy for registered players). */
export const PREFS_KEY = 'palace_prefs';
/** Where the table's card options were kept before the settings screen (read once, if present). */
const OLD_CARD_PREFS_KEY = 'palace_card_prefs';

export const PREFERENCES_URL = '/api/settings/preferences';

interface PrefsState extends Preferences {
  /** The registered player whose account holds them, or null (kept in this browser only). */
  readonly accountId: number | null;
  /**
   * Changes some preferences: here at once, and on the account when a registered player is signed
   * in. Rejects when the account refused (the change stays in this browser).
   */
  change(change: Partial<Preferences>): Promise<void>;
  /** Takes the account's preferences for `user` (after sign-in), or stops writing to one (null, a guest). */
  follow(user: User | null): Promise<void>;
}

/** The five fields of anything that carries them, the rest dropped. */
function pick(from: Partial<Preferences> | null | undefined): Partial<Preferences> {
  const picked: Partial<Record<keyof Preferences, boolean>> = {};
  for (const key of KEYS) {
    const value = from?.[key];
    if (typeof value === 'boolean') picked[key] = value;
  }
  return picked;
}

/** The card options as an older build kept them, so a returning player keeps them. */
function oldCardPrefs(): Partial<Preferences> {
  try {
    const stored = JSON.parse(localStorage.getItem(OLD_CARD_PREFS_KEY) ?? 'null') as {
      state?: Partial<Preferences>;
    } | null;
    return pick(stored?.state);
  } catch {
    return {};
  }
}

/** Counts changes and account reads, so an answer to an older request never undoes a newer change. */
let latest = 0;

export const usePrefs = create<PrefsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_PREFERENCES,
      ...(typeof localStorage === 'undefined' ? {} : oldCardPrefs()),
      accountId: null,
      async change(change) {
        const request = ++latest;
        set(pick(change));
        if (get().accountId === null) return;
        const saved = await apiRequest<Preferences>('PUT', PREFERENCES_URL, pick(change));
        if (request === latest) set(pick(saved));
      },
      async follow(user) {
        const request = ++latest;
        const accountId = user === null || isGuest(user) ? null : user.id;
        set({ accountId });
        if (accountId === null) return;
        try {
          const saved = await apiGet<Preferences>(PREFERENCES_URL, { on401: 'null' });
          if (request === latest && saved !== null) set(pick(saved));
        } catch {
          // The account could not be read: this browser's preferences stay in force.
        }
      },
    }),
    {
      name: PREFS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Preferences => ({
        sound: state.sound,
        turnNotifications: state.turnNotifications,
        reducedMotion: state.reducedMotion,
        fourColour: state.fourColour,
        largeCards: state.largeCards,
      }),
    },
  ),
);

/** Whether sounds may play now (the countdown, the turn and end tones). */
export function soundOn(): boolean {
  return usePrefs.getState().sound;
}

/**
 * Starts applying the preferences for the whole app (called once by `startApp`): reduced motion as
 * a class on the root element (styles.css and table.css stop their animations under it, as under
 * the system setting), and the account's preferences read after every sign-in.
 */
export function startPrefs(): void {
  const root = document.documentElement;
  root.classList.toggle('reduce-motion', usePrefs.getState().reducedMotion);
  usePrefs.subscribe((state) => root.classList.toggle('reduce-motion', state.reducedMotion));
  let followed = useAuth.getState().user;
  if (followed !== null) void usePrefs.getState().follow(followed);
  useAuth.subscribe(({ user }) => {
    if (user?.id === followed?.id) return;
    followed = user;
    void usePrefs.getState().follow(user);
  });
}
