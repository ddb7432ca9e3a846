import type { Preferences } from './settings.js';

/**
 * What an account that never saved a preference gets (docs/api.md "Settings"). In a module of its
 * own, with no schema: the web client's main script imports it, and a module with schemas would
 * bring the schema library along (docs/web.md "Loading").
 */
export const DEFAULT_PREFERENCES: Preferences = {
  sound: true,
  turnNotifications: true,
  reducedMotion: false,
  fourColour: false,
  largeCards: false,
};
