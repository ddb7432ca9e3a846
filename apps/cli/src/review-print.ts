import type { GameReview, ReviewMove, ReviewSeat } from '@palace/core';
import type { RecordFile } from './record-file.js';
import { cardsText } from './replay-print.js';

/** A chance as a whole percentage ("41 %"). */
function percent(x: number): string {
  return `${Math.round(x * 100)} %`;
}

/** What was played, in words: "played 2♣", "played face-down 7♣", "picked up the pile". */
function playedText(move: ReviewMove): string {
  if (move.type === 'pickUp') return 'picked up the pile';
  return `played ${move.faceDown ? 'face-down ' : ''}${cardsText(move.cards)}`;
}

/** The preferred move, in words: "7♦ 7♠", "a face-down card", "pick up the pile". */
function bestText(move: ReviewMove): string {
  if (move.type === 'pickUp') return 'pick up the pile';
  return move.faceDown ? 'a face-down card' : cardsText(move.cards);
}

/**
 * A review as text (docs/architecture.md "Reviews"): a header, one line per seat (the deal's luck,
 * moves, mistakes, blunders, mean drop), then each marked move, numbered as `palace replay` numbers
 * entries: "move 23 Ann played 2♣: 41 % -> 18 % (blunder); better: 7♦ 7♠".
 */
export function reviewText(file: RecordFile, review: GameReview): string {
  const names = new Map(review.seats.map((s) => [s.seat, s.name]));
  const who = (s: ReviewSeat): string => `${s.name} ${s.ai === null ? '(human)' : `(AI ${s.ai})`}`;
  const width = Math.max(0, ...review.seats.map((s) => who(s).length));
  const game =
    file.variant !== undefined || file.gameId !== undefined ? ` ${file.variant ?? '?'}/${file.gameId ?? '?'}` : '';
  const lines = [
    `Review of game${game}: ${review.moves.length} moves, ${review.worlds} sampled worlds per move` +
      `${file.result === null ? ' (the game did not finish)' : ''}`,
    'Chances are to win (go out first), from what the mover could see; luck is the chance at the first move.',
  ];
  for (const s of review.seats) {
    lines.push(
      `  ${who(s).padEnd(width)}  luck ${percent(s.luck).padStart(5)} · ${s.moves} moves · ${s.mistakes} mistake(s) · ${s.blunders} blunder(s) · mean drop ${(s.meanDrop * 100).toFixed(1)} points`,
    );
  }
  const marked = review.moves.filter((m) => m.mark !== null);
  lines.push(marked.length === 0 ? 'No mistakes or blunders.' : 'Mistakes and blunders:');
  for (const m of marked) {
    const better = m.best === null ? '' : `; better: ${bestText(m.best)}`;
    lines.push(
      `  move ${m.entry + 1} ${names.get(m.seat) ?? m.seat} ${playedText(m.played)}: ${percent(m.before)} -> ${percent(m.after)} (${m.mark})${better}`,
    );
  }
  return lines.join('\n');
}
