import { describe, expect, it } from 'vitest';
import {
  COLON_MIN_LETTERS,
  colonQuery,
  currentWord,
  EMOJI_CATALOGUE,
  EMOJI_PICKER,
  isLargeEmoji,
  PICKER_CATEGORIES,
  QUICK_PHRASES,
  quickPhraseMessage,
  renderShortcodes,
  replaceShortcodes,
  SUGGEST_LIMIT,
  SUGGEST_MIN_LETTERS,
  searchEmoji,
  suggestFor,
} from '../src/index.js';

const glyph = (name: string): string => {
  const entry = EMOJI_PICKER.find((e) => e.name === name);
  if (entry === undefined) throw new Error(`no emoji ${name}`);
  return entry.emoji;
};
const names = (entries: ReadonlyArray<{ name: string }>) => entries.map((e) => e.name);

describe('emoji picker catalogue (form A)', () => {
  it('catalogue - 48 entries, 12 in each of the 4 categories of docs/product.md §P1.3', () => {
    expect(EMOJI_PICKER).toHaveLength(48);
    expect(PICKER_CATEGORIES.map((c) => c.id)).toEqual(['cards', 'actions', 'emotions', 'special']);
    for (const { id } of PICKER_CATEGORIES) {
      expect(
        EMOJI_PICKER.filter((e) => e.category === id),
        id,
      ).toHaveLength(12);
    }
  });

  it('catalogue - names are unique lower-case shortcodes, each entry has an emoji and keywords', () => {
    expect(new Set(names(EMOJI_PICKER)).size).toBe(EMOJI_PICKER.length);
    expect(new Set(EMOJI_PICKER.map((e) => e.emoji)).size).toBe(EMOJI_PICKER.length);
    for (const entry of EMOJI_PICKER) {
      expect(entry.name).toMatch(/^[a-z]+$/);
      expect(entry.emoji).not.toMatch(/[a-z:\s]/i);
      expect(entry.keywords.length, entry.name).toBeGreaterThan(0);
      for (const keyword of entry.keywords) expect(keyword).toBe(keyword.toLowerCase());
    }
  });

  it('catalogue - a name shared with form B maps to the same glyph', () => {
    const formB = new Map(EMOJI_CATALOGUE.map((e) => [e.id, e.emoji]));
    const shared = EMOJI_PICKER.filter((e) => formB.has(e.name));
    expect(shared.length).toBeGreaterThan(0);
    for (const entry of shared) expect(entry.emoji, entry.name).toBe(formB.get(entry.name));
  });

  it('quick phrases - 12 distinct phrases, each sent as "emoji text"', () => {
    expect(QUICK_PHRASES).toHaveLength(12);
    expect(new Set(QUICK_PHRASES.map((p) => p.text)).size).toBe(12);
    expect(QUICK_PHRASES.map((p) => p.text)).toEqual(expect.arrayContaining(['Good game!', 'Rematch?', 'Ouch!']));
    for (const phrase of QUICK_PHRASES) {
      expect(phrase.emoji.trim()).not.toBe('');
      expect(quickPhraseMessage(phrase)).toBe(`${phrase.emoji} ${phrase.text}`);
    }
  });
});

describe('emoji search', () => {
  it('search - matches names and keywords case-insensitively, exact and prefix matches first', () => {
    expect(searchEmoji('heart')[0]?.name).toBe('heart');
    expect(names(searchEmoji('HEART'))).toEqual(names(searchEmoji('heart')));
    expect(names(searchEmoji('heart'))).toEqual(expect.arrayContaining(['hearts', 'love']));
    expect(searchEmoji('lol')[0]?.name).toBe('laugh');
    expect(
      searchEmoji('thumb')
        .slice(0, 2)
        .map((e) => e.name),
    ).toEqual(['thumbsup', 'thumbsdown']);
    expect(searchEmoji(':fire:')[0]?.name).toBe('burn');
    expect(searchEmoji('  Luck ')[0]?.name).toBe('clover');
  });

  it('search - finds substrings too', () => {
    // "roll" is inside "eyeroll"; "ppy" inside "happy" (a keyword of smile and grin).
    expect(names(searchEmoji('roll'))).toEqual(['eyeroll']);
    expect(names(searchEmoji('ppy'))).toEqual(['smile', 'grin']);
  });

  it('search - name prefixes, then keyword prefixes, then substrings; ties in catalogue order', () => {
    const results = names(searchEmoji('st', 48));
    expect(results.slice(0, 3)).toEqual(['stop', 'star', 'play']);
    // "win" only has "st" inside its keyword "first".
    expect(results).toContain('win');
    expect(results.indexOf('play')).toBeLessThan(results.indexOf('win'));
  });

  it('search - limit defaults to 5, empty or unknown queries find nothing', () => {
    expect(searchEmoji('a')).toHaveLength(5);
    expect(searchEmoji('a', 2)).toHaveLength(2);
    expect(searchEmoji('a', 0)).toEqual([]);
    expect(searchEmoji('')).toEqual([]);
    expect(searchEmoji('   ')).toEqual([]);
    expect(searchEmoji('zzzq')).toEqual([]);
  });
});

describe('chat helpers', () => {
  it('current word - the letters at the end of the text', () => {
    expect(currentWord('hello wor')).toBe('wor');
    expect(currentWord('fire')).toBe('fire');
    expect(currentWord('fire ')).toBeNull();
    expect(currentWord('')).toBeNull();
    expect(currentWord('gg!')).toBeNull();
  });

  it(`suggestions - only for a last word of at least ${SUGGEST_MIN_LETTERS} letters, at most ${SUGGEST_LIMIT}`, () => {
    expect(suggestFor('')).toEqual([]);
    expect(suggestFor('he')).toEqual([]);
    expect(suggestFor('I lo')).toEqual([]);
    expect(suggestFor('hea').length).toBeGreaterThan(0);
    expect(names(suggestFor('I love'))).toContain('love');
    expect(suggestFor('I love ')).toEqual([]);
    expect(suggestFor('love!')).toEqual([]);
    expect(suggestFor('car').length).toBeLessThanOrEqual(SUGGEST_LIMIT);
    expect(EMOJI_PICKER.filter((e) => e.keywords.some((k) => k.startsWith('car'))).length).toBeGreaterThan(5);
    expect(suggestFor('car')).toHaveLength(5);
  });

  it('suggestions - match by prefix only (common words do not pull in unrelated emoji)', () => {
    // "and" is inside "hand" (a keyword of deal) but starts nothing.
    expect(searchEmoji('and').length).toBeGreaterThan(0);
    expect(suggestFor('you and')).toEqual([]);
    expect(names(suggestFor('good luc'))).toEqual(['clover']);
  });

  it(`colon query - a colon plus at least ${COLON_MIN_LETTERS} letters at the end`, () => {
    expect(colonQuery(':fi')).toBe('fi');
    expect(colonQuery('nice :thumbs')).toBe('thumbs');
    expect(colonQuery('nice :Thumbs')).toBe('Thumbs');
    expect(colonQuery('😀:cl')).toBe('cl');
    expect(colonQuery(':f')).toBeNull();
    expect(colonQuery(':')).toBeNull();
    expect(colonQuery(':fire:')).toBeNull();
    expect(colonQuery(':fire ')).toBeNull();
    expect(colonQuery('fire')).toBeNull();
    expect(colonQuery('at 10:30')).toBeNull();
    expect(colonQuery('re:do')).toBeNull();
    expect(colonQuery('')).toBeNull();
  });

  it('render shortcodes - both catalogues, unknown codes and other colons untouched', () => {
    expect(renderShortcodes(':party:')).toBe(glyph('party'));
    expect(renderShortcodes('gg :handshake: :fire:')).toBe(`gg ${glyph('handshake')} 🔥`);
    expect(renderShortcodes(':facepalm:')).toBe('🤦');
    expect(renderShortcodes(':party::party:')).toBe(`${glyph('party')}${glyph('party')}`);
    expect(renderShortcodes('a :nope: b')).toBe('a :nope: b');
    expect(renderShortcodes(':x:party:')).toBe(`:x${glyph('party')}`);
    expect(renderShortcodes('at 10:30: ok')).toBe('at 10:30: ok');
    expect(renderShortcodes(':Party:')).toBe(':Party:');
    expect(renderShortcodes('')).toBe('');
    expect(renderShortcodes('no codes')).toBe('no codes');
    for (const entry of EMOJI_PICKER) expect(renderShortcodes(`x :${entry.name}: y`)).toBe(`x ${entry.emoji} y`);
    for (const entry of EMOJI_CATALOGUE) expect(renderShortcodes(entry.shortcode)).toBe(entry.emoji);
  });

  it('render shortcodes - agrees with the form B replacement on form B codes', () => {
    const text = EMOJI_CATALOGUE.map((e) => e.shortcode).join(' and ');
    expect(renderShortcodes(text)).toBe(replaceShortcodes(text));
  });

  it('large emoji - 1 or 2 emoji (shortcodes count) after trimming', () => {
    expect(isLargeEmoji('👍')).toBe(true);
    expect(isLargeEmoji('  🔥🔥 ')).toBe(true);
    expect(isLargeEmoji('🔥 👍')).toBe(true);
    expect(isLargeEmoji(':party:')).toBe(true);
    expect(isLargeEmoji('👨‍👩‍👧')).toBe(true);
    expect(isLargeEmoji('🇬🇧')).toBe(true);
    for (const entry of EMOJI_PICKER) expect(isLargeEmoji(entry.emoji), entry.name).toBe(true);
    for (const entry of EMOJI_CATALOGUE) expect(isLargeEmoji(entry.emoji), entry.id).toBe(true);
    for (const phrase of QUICK_PHRASES) expect(isLargeEmoji(phrase.emoji), phrase.text).toBe(true);
  });

  it('large emoji - not for text, three emoji, digits or empty messages', () => {
    expect(isLargeEmoji('🔥🔥🔥')).toBe(false);
    expect(isLargeEmoji('ok')).toBe(false);
    expect(isLargeEmoji('👍 ok')).toBe(false);
    expect(isLargeEmoji('12')).toBe(false);
    expect(isLargeEmoji('')).toBe(false);
    expect(isLargeEmoji('   ')).toBe(false);
    expect(isLargeEmoji(':nope:')).toBe(false);
  });
});
