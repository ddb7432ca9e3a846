/**
 * The emoji catalogue of the server-backed REST game (docs/product.md §P2.3, form B) and its emoji-message
 * rule (docs/product.md §P2.5). Shared by the server (which decides `isEmoji`) and the web client (which
 * replaces shortcodes on display).
 */
export type EmojiCategory = 'cards' | 'game-actions' | 'reactions';

export interface EmojiEntry {
  readonly id: string;
  /** `:id:`, for example `:hearts:`. */
  readonly shortcode: string;
  readonly emoji: string;
  readonly description: string;
  readonly category: EmojiCategory;
}

// biome-ignore format: one entry per line reads as a table
const ENTRIES: ReadonlyArray<readonly [string, string, string, EmojiCategory]> = [
  ['spades', '♠️', 'Spades', 'cards'],
  ['hearts', '♥️', 'Hearts', 'cards'],
  ['diamonds', '♦️', 'Diamonds', 'cards'],
  ['clubs', '♣️', 'Clubs', 'cards'],
  ['cards', '🎴', 'Playing cards', 'cards'],
  ['ace', '🅰️', 'Ace', 'cards'],
  ['joker', '🃏', 'Joker', 'cards'],
  ['deck', '🂠', 'Deck of cards', 'cards'],
  ['pickup', '🫳', 'Pick up the pile', 'game-actions'],
  ['play', '▶️', 'Play', 'game-actions'],
  ['skip', '⏭️', 'Skip', 'game-actions'],
  ['reset', '🔄', 'Reset', 'game-actions'],
  ['shuffle', '🔀', 'Shuffle', 'game-actions'],
  ['win', '🏆', 'Win', 'game-actions'],
  ['lose', '💀', 'Lose', 'game-actions'],
  ['waiting', '⏳', 'Waiting', 'game-actions'],
  ['happy', '😊', 'Happy', 'reactions'],
  ['sad', '😢', 'Sad', 'reactions'],
  ['laugh', '😂', 'Laugh', 'reactions'],
  ['angry', '😠', 'Angry', 'reactions'],
  ['thumbsup', '👍', 'Thumbs up', 'reactions'],
  ['thumbsdown', '👎', 'Thumbs down', 'reactions'],
  ['clap', '👏', 'Clap', 'reactions'],
  ['fire', '🔥', 'Fire', 'reactions'],
  ['cool', '😎', 'Cool', 'reactions'],
  ['surprise', '😮', 'Surprise', 'reactions'],
  ['thinking', '🤔', 'Thinking', 'reactions'],
  ['facepalm', '🤦', 'Facepalm', 'reactions'],
];

export const EMOJI_CATALOGUE: readonly EmojiEntry[] = ENTRIES.map(([id, emoji, description, category]) => ({
  id,
  shortcode: `:${id}:`,
  emoji,
  description,
  category,
}));

const SHORTCODES = new Map(EMOJI_CATALOGUE.map((e) => [e.shortcode, e.emoji]));

/**
 * Whether a chat message is an emoji message (shown large): it is exactly a known shortcode, or
 * it is 1 or 2 characters long after trimming (UTF-16 units, so one emoji of the astral planes).
 */
export function isEmojiMessage(text: string): boolean {
  const trimmed = text.trim();
  return SHORTCODES.has(trimmed) || (trimmed.length >= 1 && trimmed.length <= 2);
}

/** Replaces every known `:shortcode:` in `text` by its emoji (for display). */
export function replaceShortcodes(text: string): string {
  return text.replace(/:[a-z]+:/g, (code) => SHORTCODES.get(code) ?? code);
}
