import type { IconName } from './icons.js';

export interface NavEntry {
  readonly to: string;
  readonly label: string;
  readonly icon: IconName;
  /** A pill shown next to the label in the drawer. */
  readonly pill?: string;
}

/** The drawer's menu and the bottom tab bar (docs/product.md §P1.2); the last entry depends on the user. */
export function menuEntries(signedIn: boolean): NavEntry[] {
  return [
    { to: '/', label: 'Home', icon: 'home' },
    { to: '/tokens', label: 'Tokens', icon: 'coins' },
    { to: '/play', label: 'Play', icon: 'play', pill: 'New' },
    { to: '/tournaments', label: 'Tournaments', icon: 'trophy' },
    { to: '/friends', label: 'Friends', icon: 'users' },
    signedIn ? { to: '/profile', label: 'Profile', icon: 'user' } : { to: '/auth', label: 'Sign Up', icon: 'userPlus' },
  ];
}

export const SETTINGS_ENTRIES: readonly NavEntry[] = [
  { to: '/settings', label: 'Account Settings', icon: 'settings' },
  { to: '/help', label: 'Help & Support', icon: 'help' },
];

/** Whether `pathname` is the entry's route (the active tab is highlighted). */
export function isActive(entry: NavEntry, pathname: string): boolean {
  return entry.to === '/' ? pathname === '/' : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
