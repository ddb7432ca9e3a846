/**
 * The chat picker's emoji catalogue (docs/product.md §P1.3 and §P2.3, form A: emoji, name, keywords,
 * category; 48 entries in 4 categories), the 12 quick chat phrases, and the chat helpers of
 * docs/product.md §P1.4 "Chat": emoji search, word suggestions (≥ 3 letters, at most 5), the `:query`
 * trigger (a colon plus ≥ 2 letters) and shortcode rendering for both catalogues.
 *
 * A form A name that is also a form B id (`emoji.ts`) maps to the same glyph, so `:name:` means
 * one emoji whichever catalogue it comes from.
 */
import { EMOJI_CATALOGUE } from './emoji.js';

export type PickerCategory = 'cards' | 'actions' | 'emotions' | 'special';

export interface PickerEmoji {
  readonly emoji: string;
  /** Lower-case letters only, usable as the shortcode `:name:`. */
  readonly name: string;
  readonly keywords: readonly string[];
  readonly category: PickerCategory;
}

export interface QuickPhrase {
  readonly emoji: string;
  readonly text: string;
}

/** The picker's tabs, in order, with their labels. */
export const PICKER_CATEGORIES: ReadonlyArray<{ readonly id: PickerCategory; readonly label: string }> = [
  { id: 'cards', label: 'Cards' },
  { id: 'actions', label: 'Actions' },
  { id: 'emotions', label: 'Emotions' },
  { id: 'special', label: 'Special' },
];

/** Suggestions need a word of at least this many letters (docs/product.md §P2.9). */
export const SUGGEST_MIN_LETTERS = 3;
/** At most this many suggestions (docs/product.md §P2.9). */
export const SUGGEST_LIMIT = 5;
/** `:` plus at least this many letters opens the picker with search (docs/product.md §P1.4). */
export const COLON_MIN_LETTERS = 2;

// biome-ignore format: one entry per line reads as a table
const ENTRIES: ReadonlyArray<readonly [string, string, PickerCategory, readonly string[]]> = [
  ['spades', '♠️', 'cards', ['spade', 'suit', 'black']],
  ['hearts', '♥️', 'cards', ['heart', 'suit', 'red']],
  ['diamonds', '♦️', 'cards', ['diamond', 'suit', 'red']],
  ['clubs', '♣️', 'cards', ['club', 'suit', 'black']],
  ['joker', '🃏', 'cards', ['wild', 'card', 'jester']],
  ['ace', '🅰️', 'cards', ['one', 'high', 'card']],
  ['king', '🤴', 'cards', ['royal', 'face', 'card']],
  ['queen', '👸', 'cards', ['royal', 'face', 'card', 'lady']],
  ['jack', '💂', 'cards', ['knave', 'face', 'card', 'guard']],
  ['two', '2️⃣', 'cards', ['wild', 'deuce', '2']],
  ['seven', '7️⃣', 'cards', ['lower', 'under', '7']],
  ['ten', '🔟', 'cards', ['burn', 'clear', '10']],
  ['play', '▶️', 'actions', ['go', 'start', 'card']],
  ['pickup', '🫳', 'actions', ['pick', 'pile', 'take', 'grab']],
  ['skip', '⏭️', 'actions', ['next', 'pass', 'eight', '8']],
  ['shuffle', '🔀', 'actions', ['mix', 'random', 'deck']],
  ['deal', '🫴', 'actions', ['give', 'hand', 'cards']],
  ['burn', '🔥', 'actions', ['fire', 'clear', 'pile', 'hot']],
  ['win', '🏆', 'actions', ['trophy', 'winner', 'victory', 'champion', 'first']],
  ['wait', '⏳', 'actions', ['waiting', 'time', 'slow', 'hourglass']],
  ['ready', '✅', 'actions', ['done', 'ok', 'yes', 'check']],
  ['turn', '🔁', 'actions', ['again', 'repeat', 'rematch']],
  ['bet', '💰', 'actions', ['tokens', 'money', 'prize', 'fee']],
  ['stop', '✋', 'actions', ['halt', 'hold', 'no']],
  ['smile', '😄', 'emotions', ['happy', 'joy', 'glad']],
  ['grin', '😁', 'emotions', ['happy', 'teeth', 'cheeky']],
  ['wink', '😉', 'emotions', ['joke', 'sly', 'kidding']],
  ['laugh', '😂', 'emotions', ['lol', 'haha', 'funny', 'tears']],
  ['love', '😍', 'emotions', ['heart', 'eyes', 'adore']],
  ['cry', '😭', 'emotions', ['sad', 'sob', 'tears']],
  ['shock', '😱', 'emotions', ['scream', 'scared', 'omg', 'wow']],
  ['nervous', '😅', 'emotions', ['sweat', 'phew', 'oops', 'awkward']],
  ['sleepy', '😴', 'emotions', ['tired', 'zzz', 'bored']],
  ['party', '🥳', 'emotions', ['celebrate', 'yay', 'hooray']],
  ['devil', '😈', 'emotions', ['evil', 'mischief', 'sneaky']],
  ['eyeroll', '🙄', 'emotions', ['whatever', 'annoyed', 'bored']],
  ['thumbsup', '👍', 'special', ['yes', 'ok', 'like', 'good', 'approve']],
  ['thumbsdown', '👎', 'special', ['no', 'dislike', 'bad']],
  ['clap', '👏', 'special', ['applause', 'bravo', 'nice']],
  ['handshake', '🤝', 'special', ['gg', 'agree', 'good game']],
  ['heart', '❤️', 'special', ['love', 'like', 'red']],
  ['star', '⭐', 'special', ['favourite', 'favorite', 'great', 'gold']],
  ['sparkles', '✨', 'special', ['shiny', 'magic', 'new']],
  ['hundred', '💯', 'special', ['perfect', 'score', '100']],
  ['crown', '👑', 'special', ['royal', 'champion', 'best']],
  ['clover', '🍀', 'special', ['luck', 'lucky']],
  ['boom', '💥', 'special', ['explode', 'bang', 'crash']],
  ['rocket', '🚀', 'special', ['fast', 'launch', 'speed']],
];

/** Form A: the chat picker's catalogue. */
export const EMOJI_PICKER: readonly PickerEmoji[] = ENTRIES.map(([name, emoji, category, keywords]) => ({
  emoji,
  name,
  keywords,
  category,
}));

/** The 12 quick chat phrases; one is sent as `emoji + ' ' + text`. */
export const QUICK_PHRASES: readonly QuickPhrase[] = [
  { emoji: '🤝', text: 'Good game!' },
  { emoji: '👏', text: 'Nice move!' },
  { emoji: '👉', text: 'Your turn!' },
  { emoji: '😅', text: 'Oops!' },
  { emoji: '🏆', text: 'Well played' },
  { emoji: '🍀', text: 'Good luck!' },
  { emoji: '⏰', text: 'Hurry up!' },
  { emoji: '🙏', text: 'Thanks!' },
  { emoji: '😮', text: 'Wow!' },
  { emoji: '😬', text: 'So close!' },
  { emoji: '🔁', text: 'Rematch?' },
  { emoji: '🤕', text: 'Ouch!' },
];

/** The chat message of a quick phrase. */
export function quickPhraseMessage(phrase: QuickPhrase): string {
  return `${phrase.emoji} ${phrase.text}`;
}

/** Lower-case name → glyph for both catalogues (form B ids, then form A names). */
const GLYPHS = new Map<string, string>([
  ...EMOJI_CATALOGUE.map((e): [string, string] => [e.id, e.emoji]),
  ...EMOJI_PICKER.map((e): [string, string] => [e.name, e.emoji]),
]);

/**
 * How well `entry` matches the normalised query (lower is better), or null: name exact 0,
 * name prefix 1, keyword exact 2, keyword prefix 3, then (unless `prefixOnly`) name substring 4,
 * keyword substring 5.
 */
function score(entry: PickerEmoji, query: string, prefixOnly: boolean): number | null {
  let best: number | null = null;
  const consider = (value: number) => {
    if (best === null || value < best) best = value;
  };
  if (entry.name === query) consider(0);
  else if (entry.name.startsWith(query)) consider(1);
  else if (!prefixOnly && entry.name.includes(query)) consider(4);
  for (const keyword of entry.keywords) {
    if (keyword === query) consider(2);
    else if (keyword.startsWith(query)) consider(3);
    else if (!prefixOnly && keyword.includes(query)) consider(5);
  }
  return best;
}

function rank(query: string, limit: number, prefixOnly: boolean): PickerEmoji[] {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/^:+|:+$/g, '');
  if (q === '' || limit <= 0) return [];
  const scored: Array<{ entry: PickerEmoji; score: number; index: number }> = [];
  EMOJI_PICKER.forEach((entry, index) => {
    const s = score(entry, q, prefixOnly);
    if (s !== null) scored.push({ entry, score: s, index });
  });
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  return scored.slice(0, limit).map((s) => s.entry);
}

/**
 * Form A entries whose name or a keyword contains `query` (case-insensitive, surrounding colons
 * ignored), best first: exact and prefix matches before substring matches, names before
 * keywords, then catalogue order. An empty query finds nothing.
 */
export function searchEmoji(query: string, limit = 5): PickerEmoji[] {
  return rank(query, limit, false);
}

/** The letters right before the end of `text` (the word being typed), or null. */
export function currentWord(text: string): string | null {
  const match = /\p{L}+$/u.exec(text);
  return match === null ? null : match[0];
}

/**
 * Suggestions for the last word of `text` (docs/product.md §P1.4): none unless the text ends with a word of
 * at least 3 letters; at most 5, matching a name or keyword by prefix (so short common words do
 * not pull in unrelated emoji).
 */
export function suggestFor(text: string): PickerEmoji[] {
  const word = currentWord(text);
  if (word === null || word.length < SUGGEST_MIN_LETTERS) return [];
  return rank(word, SUGGEST_LIMIT, true);
}

/**
 * The search text when `text` ends with `:` plus at least 2 letters (the colon not glued to a
 * preceding letter or digit, so "10:30" or "re:do" are not queries), else null.
 */
export function colonQuery(text: string): string | null {
  const match = /(?<![\p{L}\p{N}]):(\p{L}+)$/u.exec(text);
  const letters = match?.[1];
  return letters !== undefined && letters.length >= COLON_MIN_LETTERS ? letters : null;
}

const SHORTCODE = /:([a-z]+):/y;

/**
 * Replaces every `:name:` of either catalogue (form A names, form B ids; lower case) by its emoji,
 * leaving unknown codes and other colons alone.
 */
export function renderShortcodes(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const colon = text.indexOf(':', i);
    if (colon < 0) break;
    out += text.slice(i, colon);
    SHORTCODE.lastIndex = colon;
    const match = SHORTCODE.exec(text);
    const glyph = match?.[1] === undefined ? undefined : GLYPHS.get(match[1]);
    if (match !== null && glyph !== undefined) {
      out += glyph;
      i = colon + match[0].length;
    } else {
      // Not a known code: keep this colon; it may still open the next one (":x:fire:").
      out += ':';
      i = colon + 1;
    }
  }
  return out + text.slice(i);
}

/** Pictographs, flags, keycaps, and the playing-card block (its card back is not pictographic). */
const EMOJI_GRAPHEME = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3|[\u{1F0A0}-\u{1F0FF}]/u;
/**
 * Made on first use: constructing an `Intl.Segmenter` loads the engine's break-iterator data,
 * ~15 ms of main thread in a browser (60 ms at a phone's 4x CPU), which every screen importing
 * this module paid at start-up before any message was shown (docs/web.md "Loading").
 */
let segmenter: Intl.Segmenter | undefined;

/**
 * Whether a chat message is only 1 or 2 emoji once shortcodes are rendered and whitespace is
 * ignored (such messages are shown large).
 */
export function isLargeEmoji(text: string): boolean {
  const rendered = renderShortcodes(text).replace(/\s+/g, '');
  if (rendered === '') return false;
  let count = 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(rendered)) {
    if (!EMOJI_GRAPHEME.test(segment)) return false;
    if (++count > 2) return false;
  }
  return count >= 1;
}
