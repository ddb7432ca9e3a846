import { type Static, Type } from 'typebox';

/** A registered player's preferences (docs/api.md "Settings"), kept with the account. */
export const Preferences = Type.Object(
  {
    sound: Type.Boolean(),
    turnNotifications: Type.Boolean(),
    reducedMotion: Type.Boolean(),
    fourColour: Type.Boolean(),
    largeCards: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type Preferences = Static<typeof Preferences>;

/** `PUT /api/settings/preferences`: any non-empty subset of `Preferences`. */
export const PreferencesChange = Type.Partial(Preferences, { additionalProperties: false, minProperties: 1 });
export type PreferencesChange = Static<typeof PreferencesChange>;

/** Longest avatar image address kept, in characters. */
export const AVATAR_URL_MAX = 500;

/**
 * `PUT /api/settings/avatar`: an `http(s)://` image address of at most `AVATAR_URL_MAX` characters,
 * or `''` for the generated initials avatar. The service checks the address (with a form message);
 * this bound only caps what the server reads.
 */
export const AvatarBody = Type.Object({ avatar: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });
export type AvatarBody = Static<typeof AvatarBody>;

/** `POST /api/settings/password`: the new password follows the registration rules (6–200 characters). */
export const PasswordChangeBody = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 1000 }),
    newPassword: Type.String({ maxLength: 1000 }),
    confirmPassword: Type.String({ maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

/** `DELETE /api/settings/account`: `confirmation` must be the username exactly. */
export const DeleteAccountBody = Type.Object(
  {
    password: Type.String({ maxLength: 1000 }),
    confirmation: Type.String({ maxLength: 320 }),
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** The answer of a password change or an account deletion. */
export const SettingsDone = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type SettingsDone = Static<typeof SettingsDone>;
