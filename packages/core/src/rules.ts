/**
 * Rule options (docs/product.md §D3). The 2 is always a reset and is not an option.
 */
export interface Rules {
  /** A 10 is playable on anything and burns the pile; its player goes again. */
  readonly clearWithTens: boolean;
  /** After a 7 the next play must be a 7 or lower (or a 2, or a burning 10). */
  readonly sevenLower: boolean;
  /** Each 8 played skips one following player. */
  readonly eightSkips: boolean;
  /** Four cards of one rank on top of the pile burn it; the player goes again. */
  readonly burnFourOfAKind: boolean;
  /** A play from hand or face-up row must include every card of that rank held there. */
  readonly mustPlayAllSameValue: boolean;
  /** A 3 is playable on anything and is transparent: the card beneath it counts. */
  readonly invisibleThrees: boolean;
  /** Each 9 reverses the direction of play. */
  readonly nineReverses: boolean;
  /** Players choose their 3 face-up cards from a 6-card hand (else 3/3/3 dealt, no setup). */
  readonly chooseFaceUp: boolean;
}

export type PresetName = 'classic' | 'easy' | 'wild';

export interface Preset {
  readonly name: PresetName;
  readonly description: string;
  readonly rules: Rules;
}

const classic: Rules = {
  clearWithTens: true,
  sevenLower: true,
  eightSkips: true,
  burnFourOfAKind: true,
  mustPlayAllSameValue: false,
  invisibleThrees: false,
  nineReverses: false,
  chooseFaceUp: true,
};

/** The three named rule sets, with the descriptions players see. */
export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  classic: {
    name: 'classic',
    description: 'The standard rules: 2 resets, 7 forces lower, 8 skips, 10 and four of a kind burn the pile.',
    rules: classic,
  },
  easy: {
    name: 'easy',
    description: 'Just the basics: 2 resets, 10 burns. Best for learning.',
    rules: { ...classic, sevenLower: false, eightSkips: false, burnFourOfAKind: false },
  },
  wild: {
    name: 'wild',
    description: 'Classic with see-through 3s and 9s that reverse play.',
    rules: { ...classic, invisibleThrees: true, nineReverses: true },
  },
};

/** The engine defaults: the classic preset. */
export const DEFAULT_RULES: Rules = classic;

export const RULE_NAMES: readonly (keyof Rules)[] = [
  'clearWithTens',
  'sevenLower',
  'eightSkips',
  'burnFourOfAKind',
  'mustPlayAllSameValue',
  'invisibleThrees',
  'nineReverses',
  'chooseFaceUp',
];

/** A preset's rules with some options overridden. */
export function rulesFrom(preset: PresetName, overrides: Partial<Rules> = {}): Rules {
  return { ...PRESETS[preset].rules, ...overrides };
}

export function isPresetName(name: string): name is PresetName {
  return name === 'classic' || name === 'easy' || name === 'wild';
}
