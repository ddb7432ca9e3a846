/** The client-side checks of docs/product.md §P1.5, with its messages. The server checks the same again. */

export type Errors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  readonly username: string;
  readonly password: string;
}

export interface RegisterValues {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly inviteCode: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(values: LoginValues): Errors<keyof LoginValues> {
  const errors: Errors<keyof LoginValues> = {};
  if (values.username.trim().length < 3) errors.username = 'Username or email must be at least 3 characters';
  if (values.password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

export function validateRegister(values: RegisterValues): Errors<keyof RegisterValues> {
  const errors: Errors<keyof RegisterValues> = {};
  if (values.username.trim().length < 3) errors.username = 'Username must be at least 3 characters';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (values.password.length < 6) errors.password = 'Password must be at least 6 characters';
  if (values.confirmPassword !== values.password) errors.confirmPassword = "Passwords don't match";
  return errors;
}

/** A pending guest prize claim read from the address (docs/product.md §P1.2). */
export interface PendingClaim {
  readonly gameId: string;
  readonly guestId: string;
  readonly amount?: number;
}

export function claimFromQuery(params: URLSearchParams): PendingClaim | null {
  const gameId = params.get('gameId');
  const guestId = params.get('guestId');
  if (gameId === null || guestId === null || gameId === '' || guestId === '') return null;
  const amount = Number(params.get('amount'));
  return params.has('amount') && Number.isFinite(amount) && amount > 0
    ? { gameId, guestId, amount }
    : { gameId, guestId };
}

/** The win-claim banner (docs/product.md §P1.2). */
export function claimBanner(claim: PendingClaim): string {
  const what = claim.amount === undefined ? 'prize' : `${claim.amount} tokens`;
  return `Congratulations on your win! Create an account to claim your ${what}!`;
}
