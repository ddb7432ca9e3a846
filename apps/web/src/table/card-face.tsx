import type { Rank } from '@palace/core';
import { memo, type ReactElement } from 'react';
import { type CardFace as Face, rankLabel, suitSymbol } from './cards.js';

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

/** U+FE0E: the suit signs as text glyphs, never as colour emoji. */
const TEXT_STYLE = '\uFE0E';

function Pip(props: { readonly x: number; readonly y: number; readonly size: number; readonly glyph: string }) {
  const flip = props.y > H / 2 + 1;
  return (
    <text
      x={props.x}
      y={props.y}
      fontSize={props.size}
      textAnchor="middle"
      dominantBaseline="central"
      {...(flip ? { transform: `rotate(180 ${props.x} ${props.y})` } : {})}
    >
      {props.glyph}
    </text>
  );
}

function Corner(props: { readonly label: string; readonly glyph: string; readonly upsideDown?: boolean }) {
  return (
    <g {...(props.upsideDown === true ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {})}>
      <text
        x={6.5}
        y={9}
        fontSize={props.label.length > 1 ? 8.5 : 10}
        fontWeight={700}
        textAnchor="middle"
        letterSpacing={props.label.length > 1 ? -0.8 : 0}
      >
        {props.label}
      </text>
      <text x={6.5} y={17.5} fontSize={8} textAnchor="middle">
        {props.glyph}
      </text>
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
  const glyph = `${suitSymbol(face.suit)}${TEXT_STYLE}`;
  const full = props.detail !== 'index';
  const pips = PIPS[face.rank];
  return (
    <svg className={`card-art suit-${face.suit}`} viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <Corner label={label} glyph={glyph} />
      {full && <Corner label={label} glyph={glyph} upsideDown />}
      {!full ? (
        <Pip x={30} y={44} size={22} glyph={glyph} />
      ) : pips !== undefined ? (
        pips.map(([x, y]) => <Pip key={`${x}:${y}`} x={x} y={y} size={10} glyph={glyph} />)
      ) : face.rank === 14 ? (
        <Pip x={25} y={35} size={28} glyph={glyph} />
      ) : (
        <g className="court">
          <rect x={12} y={9} width={26} height={52} rx={2.5} className="court-frame" />
          <text x={25} y={21} fontSize={9} textAnchor="middle" dominantBaseline="central">
            {glyph}
          </text>
          <text x={25} y={39} fontSize={19} fontWeight={700} textAnchor="middle" dominantBaseline="central">
            {label}
          </text>
          <text
            x={25}
            y={54}
            fontSize={9}
            textAnchor="middle"
            dominantBaseline="central"
            transform={`rotate(180 25 54)`}
          >
            {glyph}
          </text>
        </g>
      )}
    </svg>
  );
});
