import type { Preferences } from './settings.js';

/**
 * What an account that never saved a preference gets (docs/api.md "Settings"). In a module of its
 * own, with no schema, so the web client's main script can import it (`@palace/protocol/preference-defaults`)
 * without the schema library.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  sound: true,
  turnNotifications: true,
  reducedMotion: false,
  fourColour: false,
  largeCards: false,
};
