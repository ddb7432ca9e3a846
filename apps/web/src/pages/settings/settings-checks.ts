import type { Errors } from '../../lib/validation.js';

/**
 * The settings forms' own checks (docs/product.md §D11 "Settings"), with the server's texts where it
 * has one (docs/api.md "Settings", "Bots"). The server checks the same again.
 */

/** Longest avatar image address, in characters (the server's `AVATAR_URL_MAX`). */
export const AVATAR_MAX = 500;
export const AVATAR_ERROR = 'Avatar must be an http(s) image address.';
/** An address that is well formed but does not give an image this page can show (docs/web.md "Settings"). */
export const AVATAR_LOAD_ERROR = 'That image could not be loaded. Check the address, or use your initials.';
/** How long an avatar image may take to load before it is refused, in ms. */
export const AVATAR_LOAD_MS = 8000;

/**
 * Whether the browser loads `address` as an image (the page's own rules apply: an address it may
 * not show is refused as well), within `AVATAR_LOAD_MS`. A saved avatar that never shows would be
 * a broken image beside the player's name everywhere.
 */
export function imageLoads(address: string, timeoutMs = AVATAR_LOAD_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean): void {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(ok);
    }
    image.onload = () => finish(image.naturalWidth > 0);
    image.onerror = () => finish(false);
    image.src = address;
  });
}

/** Whether `address` is an avatar the server takes: an http(s) address of at most 500 characters. */
export function avatarAddressOk(address: string): boolean {
  const trimmed = address.trim();
  if (trimmed.length > AVATAR_MAX || !/^https?:\/\/\S+$/i.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname !== '';
  } catch {
    return false;
  }
}

/** A user's own image address (not the generated-initials one), or '' (the field starts empty). */
export function ownAvatar(avatar: string | null): string {
  return avatar !== null && /^https?:\/\//i.test(avatar) ? avatar : '';
}

export interface PasswordValues {
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

export function validatePasswordChange(values: PasswordValues): Errors<keyof PasswordValues> {
  const errors: Errors<keyof PasswordValues> = {};
  if (values.currentPassword === '') errors.currentPassword = 'Enter your current password';
  if (values.newPassword.length < 6) errors.newPassword = 'Password must be at least 6 characters';
  else if (values.newPassword.length > 200) errors.newPassword = 'Password must be at most 200 characters';
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = "Passwords don't match";
  return errors;
}

/** The bot name's refusal, or undefined (the registration's username rules: 3–30 characters, no "@"). */
export function botNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 3) return 'Bot name must be at least 3 characters';
  if (trimmed.length > 30 || trimmed.includes('@'))
    return 'Bot name must be at most 30 characters and cannot contain "@"';
  return undefined;
}

/** The most bots one player may have (docs/product.md §D11 "Bot API"). */
export const MAX_BOTS = 3;

export interface DeleteValues {
  readonly password: string;
  readonly confirmation: string;
}

export function validateDelete(values: DeleteValues, username: string): Errors<keyof DeleteValues> {
  const errors: Errors<keyof DeleteValues> = {};
  if (values.password === '') errors.password = 'Enter your password';
  if (values.confirmation !== username) errors.confirmation = 'Type your username to confirm.';
  return errors;
}
