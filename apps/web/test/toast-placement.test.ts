import { describe, expect, it } from 'vitest';
import { type Box, chooseToastEdge, overlapArea, visiblePart } from '../src/shell/toast-placement.js';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

/** A 390×844 phone: the toast over the top bar (8–99) or over the tab bar (745–836). */
const places = { top: box(12, 8, 366, 91), bottom: box(12, 745, 366, 91) };
const createGame = box(221, 72, 153, 44);
const joinGame = box(36, 636, 318, 44);
const playButton = box(200, 760, 150, 44);

describe('toast placement', () => {
  it('overlap - shared area in px², 0 when boxes only touch or are apart', () => {
    expect(overlapArea(box(0, 0, 10, 10), box(5, 5, 10, 10))).toBe(25);
    expect(overlapArea(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(0);
    expect(overlapArea(box(0, 0, 10, 10), box(50, 50, 1, 1))).toBe(0);
  });

  it('visible part - a control clipped to where content shows (between the bars); none when hidden behind them', () => {
    const view = box(0, 56, 390, 724);
    expect(visiblePart(box(36, 760, 318, 44), view)).toEqual({ left: 36, top: 760, right: 354, bottom: 780 });
    expect(visiblePart(box(36, 790, 318, 44), view)).toBeNull();
    expect(visiblePart(box(36, 100, 318, 44), view)).toEqual(box(36, 100, 318, 44));
  });

  it('edge - stays on top when the top is clear; moves to the bottom when the top covers a control (the lobby)', () => {
    expect(chooseToastEdge(places, [joinGame], 'top')).toBe('top');
    expect(chooseToastEdge(places, [createGame, joinGame], 'top')).toBe('bottom');
  });

  it('edge - with controls at both edges, the one covering less; a tie keeps the current edge (no hopping)', () => {
    // The table: a small Leave button at the top, the Play button at the bottom.
    const leave = box(300, 80, 70, 36);
    expect(chooseToastEdge(places, [leave, playButton], 'top')).toBe('top');
    expect(chooseToastEdge(places, [leave, playButton], 'bottom')).toBe('top');
    const sameTop = box(200, 55, 150, 44);
    expect(chooseToastEdge(places, [sameTop, playButton], 'bottom')).toBe('bottom');
    expect(chooseToastEdge(places, [sameTop, playButton], 'top')).toBe('top');
    // Once at the bottom it stays there while the bottom is clear.
    expect(chooseToastEdge(places, [joinGame], 'bottom')).toBe('bottom');
  });
});
