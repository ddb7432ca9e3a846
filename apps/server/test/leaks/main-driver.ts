import type { MainCard, MainGameState } from '@palace/protocol';
import { currentState, joinGame, lowestGroup, me, order, type Seat } from '../main-table.js';
import { Pace } from './pace.js';

/**
 * Drives a main game over `/ws` like `main-table`'s helpers, but each seat keeps under the
 * per-connection message budget (see `Pace`), so long games are not closed as floods.
 */

/** A seat and its send budget. */
export interface PacedSeat {
  readonly seat: Seat;
  readonly pace: Pace;
}

/** Opens the seats' pacing. */
export function paced(seats: readonly Seat[]): PacedSeat[] {
  return seats.map((seat) => ({ seat, pace: new Pace() }));
}

/** Every seat joins (in order), then each chooses its 3 highest hand cards as face-up. */
export async function seatAndChoose(seats: readonly PacedSeat[], gameId: number): Promise<void> {
  for (const { seat, pace } of seats) {
    await pace.slot();
    await joinGame(seat, gameId);
  }
  for (const { seat, pace } of seats) {
    const hand = me(await currentState(seat, gameId), seat.user.id).handCards.filter(
      (c): c is MainCard => 'value' in c,
    );
    const chosen = [...hand].sort((a, b) => order(b.value) - order(a.value)).slice(0, 3);
    await pace.slot();
    seat.socket.send({ type: 'select_faceup_cards', gameId, cardIds: chosen.map((c) => c.id) });
    await Promise.all(
      seats.map(({ seat: s }) =>
        s.socket
          .nextOf(['game_state', 'game_error'], (f) => f.type === 'game_error' || me(f.game, seat.user.id).isReady)
          .then((f) => {
            if (f.type === 'game_error') throw new Error(`face-up choice refused: ${f.message}`);
          }),
      ),
    );
  }
}

/**
 * Plays an active game to its end: the seat to act plays its lowest playable group, or picks up;
 * every seat then reads the one `game_state` the move is broadcast as. Answers the number of moves.
 */
export async function pacedPlayToEnd(seats: readonly PacedSeat[], gameId: number, maxMoves = 1200): Promise<number> {
  let states: MainGameState[] = await Promise.all(seats.map(({ seat }) => currentState(seat, gameId)));
  for (const { seat } of seats) seat.socket.drain();
  for (let move = 0; move < maxMoves; move++) {
    const common = states[0] as MainGameState;
    if (common.status === 'completed') return move;
    const n = seats.findIndex(({ seat }) => seat.user.id === common.currentTurn);
    const mover = seats[n];
    if (mover === undefined) throw new Error(`nobody at the table has the turn (${common.currentTurn})`);
    const mine = states[n] as MainGameState;
    const group = lowestGroup(mine, mover.seat.user.id);
    await mover.pace.slot();
    if (group.length === 0) mover.seat.socket.send({ type: 'pickup_cards', gameId });
    else mover.seat.socket.send({ type: 'play_card', gameId, cardIds: group });
    states = await Promise.all(
      seats.map(({ seat }) =>
        seat.socket
          .nextOf(['game_state', 'game_error'], () => true, 15_000)
          .then((f) => {
            if (f.type === 'game_error') throw new Error(`move refused: ${f.message}`);
            return f.game;
          }),
      ),
    );
  }
  throw new Error(`the game did not end within ${maxMoves} moves`);
}
