import type { Rank, Suit } from '@palace/core';
import { memo, type ReactElement } from 'react';
import { type CardFace as Face, rankLabel } from './cards.js';

/**
 * A card's face drawn as SVG, so it reads like a real card at 40 px wide and scales to any size:
 * the rank and suit in two corners, the suit pips laid out as on a real card (2–10), one large pip
 * (ace), a framed letter (J, Q, K). `detail: 'index'` draws only the corners and one pip (the small
 * cards of opponents and the pile's lower cards). Colours come from CSS (`--suit-*`), so the
 * four-colour deck is a class on the table. Self-drawn: no image files, nothing fetched.
 */

/** The face's coordinate box: a 5 × 7 card. */
const W = 50;
const H = 70;

/** Pip centres per rank (x, y), as on a standard deck; those below the middle are drawn upside down. */
const PIPS: Readonly<Partial<Record<Rank, ReadonlyArray<readonly [number, number]>>>> = {
  2: [
    [25, 14],
    [25, 56],
  ],
  3: [
    [25, 14],
    [25, 35],
    [25, 56],
  ],
  4: [
    [16, 14],
    [34, 14],
    [16, 56],
    [34, 56],
  ],
  5: [
    [16, 14],
    [34, 14],
    [25, 35],
    [16, 56],
    [34, 56],
  ],
  6: [
    [16, 14],
    [34, 14],
    [16, 35],
    [34, 35],
    [16, 56],
    [34, 56],
  ],
  7: [
    [16, 14],
    [34, 14],
    [25, 24.5],
    [16, 35],
    [34, 35],
    [16, 56],
    [34, 56],
  ],
  8: [
    [16, 14],
    [34, 14],
    [25, 24.5],
    [16, 35],
    [34, 35],
    [25, 45.5],
    [16, 56],
    [34, 56],
  ],
  9: [
    [16, 14],
    [34, 14],
    [16, 28],
    [34, 28],
    [25, 35],
    [16, 42],
    [34, 42],
    [16, 56],
    [34, 56],
  ],
  10: [
    [16, 14],
    [34, 14],
    [25, 21],
    [16, 28],
    [34, 28],
    [16, 42],
    [34, 42],
    [25, 49],
    [16, 56],
    [34, 56],
  ],
};

/**
 * The four suit signs as paths in a 100 × 100 box centred on 0,0 (issue 25). Drawn, not typed: a
 * suit sign as SVG text needs a fallback font found and shaped for each card (no interface font
 * has ♠♥♦♣), the most expensive part of a table's first layout, and it looked different on every
 * system (or came out as a colour emoji).
 */
const SUIT_PATHS: Readonly<Record<Suit, string>> = {
  hearts: 'M0-30C-7-47-45-52-46-19C-47 3-20 23 0 44C20 23 47 3 46-19C45-52 7-47 0-30Z',
  diamonds: 'M0-50L38 0L0 50L-38 0Z',
  spades:
    'M0-50C-20-28-47-12-46 10C-45 36-12 38-4 22C-5 35-12 44-22 50L22 50C12 44 5 35 4 22C12 38 45 36 46 10C47-12 20-28 0-50Z',
  clubs:
    'M0-48A21 21 0 1 0 0-6A21 21 0 1 0 0-48ZM-24-11A21 21 0 1 0-24 31A21 21 0 1 0-24-11ZM24-11A21 21 0 1 0 24 31A21 21 0 1 0 24-11ZM-8-12L-16 12L-3 12C-4 30-12 42-22 50L22 50C12 42 4 30 3 12L16 12L8-12Z',
};

/** A suit sign `size` units tall centred on `x`, `y`, upside down when `flip`. */
function SuitSign(props: {
  readonly suit: Suit;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly flip?: boolean;
}) {
  const turn = props.flip === true ? ' rotate(180)' : '';
  return (
    <path d={SUIT_PATHS[props.suit]} transform={`translate(${props.x} ${props.y})${turn} scale(${props.size / 100})`} />
  );
}

/** A pip: the suit sign about as tall as a `size`-unit font's glyph; those below the middle upside down. */
function Pip(props: { readonly x: number; readonly y: number; readonly size: number; readonly suit: Suit }) {
  return <SuitSign suit={props.suit} x={props.x} y={props.y} size={props.size * 0.66} flip={props.y > H / 2 + 1} />;
}

function Corner(props: { readonly label: string; readonly suit: Suit; readonly upsideDown?: boolean }) {
  return (
    <g {...(props.upsideDown === true ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {})}>
      <text
        x={6.5}
        y={9}
        fontSize={props.label.length > 1 ? 8.5 : 10}
        fontWeight={600}
        textAnchor="middle"
        letterSpacing={props.label.length > 1 ? -0.8 : 0}
      >
        {props.label}
      </text>
      <SuitSign suit={props.suit} x={6.5} y={14.6} size={6} />
    </g>
  );
}

/** The drawn face of `face`; `detail` says how much of it (see above). */
export const CardFaceArt = memo(function CardFaceArt(props: {
  readonly face: Face;
  readonly detail?: 'full' | 'index';
}): ReactElement {
  const { face } = props;
  const label = rankLabel(face.rank);
  const full = props.detail !== 'index';
  const pips = PIPS[face.rank];
  return (
    <svg className={`card-art suit-${face.suit}`} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <Corner label={label} suit={face.suit} />
      {full && <Corner label={label} suit={face.suit} upsideDown />}
      {!full ? (
        <Pip x={30} y={44} size={22} suit={face.suit} />
      ) : pips !== undefined ? (
        pips.map(([x, y]) => <Pip key={`${x}:${y}`} x={x} y={y} size={10} suit={face.suit} />)
      ) : face.rank === 14 ? (
        <Pip x={25} y={35} size={28} suit={face.suit} />
      ) : (
        <g className="court">
          <rect x={12} y={9} width={26} height={52} rx={2.5} className="court-frame" />
          <SuitSign suit={face.suit} x={25} y={20.5} size={7} />
          <text x={25} y={39} fontSize={19} fontWeight={600} textAnchor="middle" dominantBaseline="central">
            {label}
          </text>
          <SuitSign suit={face.suit} x={25} y={49.5} size={7} flip />
        </g>
      )}
    </svg>
  );
});
