import { type PresetRating, RATING_PRESETS, type RatingPoint, type RatingPreset } from '@palace/protocol';

/**
 * How the profile, the leaderboard and the game-over panel word and draw ratings (docs/product.md
 * §D11): preset names, signed changes, the history's series and its sparkline.
 */

const PRESET_NAMES: Readonly<Record<RatingPreset, string>> = { classic: 'Classic', easy: 'Easy', wild: 'Wild' };

export const PRESETS: readonly RatingPreset[] = RATING_PRESETS;

export function presetName(preset: RatingPreset): string {
  return PRESET_NAMES[preset];
}

/** What the provisional mark means. */
export const PROVISIONAL_TEXT = 'Provisional: fewer than 10 rated games';

/** A rating change with its sign: "+43", "−12" (a true minus sign), "±0". */
export function deltaText(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${-delta}`;
  return '±0';
}

/** "Rating 1043 (+43)": the rating after a game and that game's change. */
export function ratingChangeText(point: Pick<RatingPoint, 'rating' | 'delta'>): string {
  return `Rating ${point.rating} (${deltaText(point.delta)})`;
}

/** "1 rated game", "12 rated games". */
export function ratedGames(games: number): string {
  return `${games} rated ${games === 1 ? 'game' : 'games'}`;
}

/** A player's ratings in the presets' order (classic, easy, wild). */
export function inPresetOrder(ratings: readonly PresetRating[]): PresetRating[] {
  return [...ratings].sort((a, b) => PRESETS.indexOf(a.preset) - PRESETS.indexOf(b.preset));
}

/** The point a game left in one of the player's histories, with its preset; null when it was not rated. */
export function gamePoint(
  ratings: readonly PresetRating[],
  gameId: number,
): { readonly preset: RatingPreset; readonly point: RatingPoint } | null {
  for (const rating of ratings) {
    const point = rating.history.find((p) => p.gameId === gameId);
    if (point !== undefined) return { preset: rating.preset, point };
  }
  return null;
}

/**
 * The ratings a history's chart draws, oldest first: the rating before its first game, then the
 * rating after each game. Empty for an empty history.
 */
export function ratingSeries(history: readonly RatingPoint[]): number[] {
  const first = history[0];
  if (first === undefined) return [];
  return [first.rating - first.delta, ...history.map((p) => p.rating)];
}

/** "Classic rating over the last 3 games: from 1000 to 1043" (the chart's accessible name). */
export function chartLabel(preset: RatingPreset, history: readonly RatingPoint[]): string {
  const series = ratingSeries(history);
  const games = history.length;
  const from = series[0];
  const to = series.at(-1);
  const over = games === 1 ? 'the last game' : `the last ${games} games`;
  if (from === undefined || to === undefined) return `${presetName(preset)} rating: no rated games yet`;
  return `${presetName(preset)} rating over ${over}: from ${from} to ${to}`;
}

export interface Sparkline {
  /** The SVG path of the line ("M x y L x y …"), in the box's coordinates. */
  readonly path: string;
  /** Where the last value lies (for its dot). */
  readonly last: { readonly x: number; readonly y: number };
}

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * A sparkline of `values` in a `width` × `height` box with `pad` units of room on every side:
 * evenly spaced from left to right, the highest value at the top, the lowest at the bottom (all at
 * the middle when they are equal; one value is a flat line across). Null for no values.
 */
export function sparkline(values: readonly number[], width: number, height: number, pad = 2): Sparkline | null {
  if (values.length === 0) return null;
  const series = values.length === 1 ? [values[0] as number, values[0] as number] : values;
  const low = Math.min(...series);
  const high = Math.max(...series);
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const step = innerW / (series.length - 1);
  const points = series.map((value, i) => ({
    x: round(pad + i * step),
    y: round(high === low ? height / 2 : pad + ((high - value) / (high - low)) * innerH),
  }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { path, last: points.at(-1) as { x: number; y: number } };
}
