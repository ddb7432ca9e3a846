import type { GameEvent } from '@palace/core';
import { type Effects, HOUSE, type Posting, type RatingsEffect, type StoredGame } from '../ports.js';
import { mainRatedPreset } from '../ratings/rating-model.js';
import { hasComputer, potOf } from './main-computers.js';
import type { MainMeta } from './main-meta.js';

/**
 * The token side of a change, written in the same transaction: a registered player's fee when
 * seated, its refund when a waiting seat is given up, and at game over the prize (to a registered
 * winner, or held for a guest winner to claim; none for a bot) and every human seat's result.
 */
export function effectsOf(
  before: StoredGame<MainMeta> | null,
  after: StoredGame<MainMeta>,
  events: readonly GameEvent[],
): Effects {
  const postings: Posting[] = [];
  const gameId = after.id;
  let results: Array<{ userId: number; won: boolean }> = [];
  let held: Effects['held'] = null;
  let ratings: RatingsEffect | null = null;
  for (const event of events) {
    if (event.type === 'seated') {
      const paid = after.meta.seats[event.seat]?.paid ?? 0;
      const wasSeated = before?.state.seats.some((s) => s.id === event.seat) ?? false;
      if (paid > 0 && !wasSeated) {
        postings.push({
          from: after.meta.seats[event.seat]?.userId ?? 0,
          to: HOUSE,
          amount: paid,
          kind: 'fee',
          gameId,
        });
      }
    } else if (event.type === 'left' && event.freed) {
      const seat = (before ?? after).meta.seats[event.seat];
      if (seat !== undefined && seat.paid > 0) {
        postings.push({ from: HOUSE, to: seat.userId, amount: seat.paid, kind: 'refund', gameId });
      }
    } else if (event.type === 'gameOver') {
      const winner = after.meta.seats[event.winner];
      const prize = potOf(after);
      // A bot plays free and wins no tokens (docs/bots.md): the fees stay with the house, as they
      // do when a computer player wins (it has no seat meta). A tournament table has no fee and no
      // prize of its own (the tournament pays, docs/tournaments.md).
      if (prize <= 0) {
        // Nothing to pay.
      } else if (winner !== undefined && winner.userId > 0 && winner.isBot !== true) {
        postings.push({ from: HOUSE, to: winner.userId, amount: prize, kind: 'prize', gameId });
      } else if (winner !== undefined && winner.userId < 0) {
        held = { guestId: winner.userId, amount: prize };
      }
      results = after.state.seats.flatMap((s) => {
        const who = after.meta.seats[s.id];
        return who === undefined ? [] : [{ userId: who.userId, won: s.id === event.winner }];
      });
      ratings = ratingsOf(after);
    }
  }
  return { postings, results, held, ratings };
}

/**
 * What a finished main game rates (docs/product.md §D11): its registered human players by their
 * places, in the preset its rules make it (none when a create-form switch is off its default), or
 * its tournament's preset.
 * Guests and AI seats are not rated; nor is any seat of a game with a computer player.
 */
function ratingsOf(game: StoredGame<MainMeta>): RatingsEffect | null {
  // A tournament table is rated in its tournament's preset (docs/tournaments.md).
  const preset = game.meta.tournament?.preset ?? mainRatedPreset(game.meta.rules);
  // A game with a computer player is unrated (docs/product.md §D13 computer-seats).
  if (hasComputer(game)) return null;
  const standings = game.state.result?.standings ?? [];
  if (preset === null) return null;
  const seats = standings.flatMap((standing) => {
    const seat = game.state.seats.find((s) => s.id === standing.seat);
    const who = game.meta.seats[standing.seat];
    return seat?.ai === null && who !== undefined && who.userId > 0
      ? [{ userId: who.userId, place: standing.place }]
      : [];
  });
  return seats.length < 2 ? null : { preset, seats };
}
