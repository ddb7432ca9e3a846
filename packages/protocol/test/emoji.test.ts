import { describe, expect, it } from 'vitest';
import { EMOJI_CATALOGUE, type EmojiCategory, isEmojiMessage, replaceShortcodes } from '../src/index.js';

/** docs/product.md §P2.3, emoji catalogue form B: categories and names, in the spec's order. */
const SPEC_IDS: Readonly<Record<EmojiCategory, readonly string[]>> = {
  cards: ['spades', 'hearts', 'diamonds', 'clubs', 'cards', 'ace', 'joker', 'deck'],
  'game-actions': ['pickup', 'play', 'skip', 'reset', 'shuffle', 'win', 'lose', 'waiting'],
  reactions: [
    'happy',
    'sad',
    'laugh',
    'angry',
    'thumbsup',
    'thumbsdown',
    'clap',
    'fire',
    'cool',
    'surprise',
    'thinking',
    'facepalm',
  ],
};

const emojiOf = (id: string): string => {
  const entry = EMOJI_CATALOGUE.find((e) => e.id === id);
  if (entry === undefined) throw new Error(`no emoji ${id}`);
  return entry.emoji;
};

describe('emoji', () => {
  it('emoji catalogue - holds the 28 ids of docs/product.md §P2.3 form B in its 3 categories', () => {
    expect(EMOJI_CATALOGUE).toHaveLength(28);
    const categories = [...new Set(EMOJI_CATALOGUE.map((e) => e.category))];
    const byCategory = Object.fromEntries(
      categories.map((category) => [category, EMOJI_CATALOGUE.filter((e) => e.category === category).map((e) => e.id)]),
    );
    expect(byCategory).toEqual(SPEC_IDS);
    expect(new Set(EMOJI_CATALOGUE.map((e) => e.id)).size).toBe(28);
  });

  it('emoji catalogue - every entry has the shortcode :id:, an emoji and a description', () => {
    for (const entry of EMOJI_CATALOGUE) {
      expect(entry.shortcode).toBe(`:${entry.id}:`);
      expect(entry.emoji.length).toBeGreaterThan(0);
      expect(entry.emoji).not.toMatch(/[a-z:]/i);
      expect(entry.description.trim().length).toBeGreaterThan(0);
    }
    expect(new Set(EMOJI_CATALOGUE.map((e) => e.emoji)).size).toBe(28);
  });

  it('emoji message - a known shortcode, alone after trimming, is an emoji message', () => {
    expect(isEmojiMessage(':hearts:')).toBe(true);
    expect(isEmojiMessage(' :fire: ')).toBe(true);
    expect(isEmojiMessage('\t:thumbsup:\n')).toBe(true);
    for (const entry of EMOJI_CATALOGUE) expect(isEmojiMessage(entry.shortcode), entry.id).toBe(true);
  });

  it('emoji message - 1 or 2 characters after trimming count, whatever they are (the spec rule read literally)', () => {
    expect(isEmojiMessage('😀')).toBe(true);
    expect(isEmojiMessage(' 👍 ')).toBe(true);
    expect(isEmojiMessage('ok')).toBe(true);
    expect(isEmojiMessage('a')).toBe(true);
    expect(isEmojiMessage('?!')).toBe(true);
  });

  it('emoji message - empty, whitespace, longer text and unknown shortcodes are not', () => {
    expect(isEmojiMessage('')).toBe(false);
    expect(isEmojiMessage('   ')).toBe(false);
    expect(isEmojiMessage('abc')).toBe(false);
    expect(isEmojiMessage('hello')).toBe(false);
    expect(isEmojiMessage(':notacode:')).toBe(false);
    expect(isEmojiMessage(':Hearts:')).toBe(false);
    expect(isEmojiMessage(':hearts: :fire:')).toBe(false);
    expect(isEmojiMessage('I :hearts: it')).toBe(false);
  });

  it('replace shortcodes - swaps every known shortcode for its emoji and leaves the rest alone', () => {
    expect(replaceShortcodes(':hearts:')).toBe(emojiOf('hearts'));
    expect(replaceShortcodes('I :hearts: this :fire:')).toBe(`I ${emojiOf('hearts')} this ${emojiOf('fire')}`);
    expect(replaceShortcodes(':fire::fire:')).toBe(`${emojiOf('fire')}${emojiOf('fire')}`);
    expect(replaceShortcodes('a :notacode: b')).toBe('a :notacode: b');
    expect(replaceShortcodes('at 10:30: ok')).toBe('at 10:30: ok');
    expect(replaceShortcodes('no codes here')).toBe('no codes here');
    expect(replaceShortcodes('')).toBe('');
    for (const entry of EMOJI_CATALOGUE) expect(replaceShortcodes(`x ${entry.shortcode} y`)).toBe(`x ${entry.emoji} y`);
  });
});
