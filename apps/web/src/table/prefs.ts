import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * How the viewer likes the cards drawn (issue 19): a four-colour deck (diamonds blue, clubs green)
 * and large cards. Kept in this browser's local storage under `palace_card_prefs` until the
 * settings screen stores them with the account.
 */
export interface CardPrefs {
  readonly fourColour: boolean;
  readonly largeCards: boolean;
  setFourColour(on: boolean): void;
  setLargeCards(on: boolean): void;
}

export const CARD_PREFS_KEY = 'palace_card_prefs';

export const useCardPrefs = create<CardPrefs>()(
  persist(
    (set) => ({
      fourColour: false,
      largeCards: false,
      setFourColour: (on) => set({ fourColour: on }),
      setLargeCards: (on) => set({ largeCards: on }),
    }),
    {
      name: CARD_PREFS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (prefs) => ({ fourColour: prefs.fourColour, largeCards: prefs.largeCards }),
    },
  ),
);
