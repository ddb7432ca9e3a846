import type { MainCard, MainGameState } from '@palace/protocol';
import { type Jar, ok200, type Player, SocketClient } from './main-client.js';

/** Driving a main game over the socket: seats, joining, face-up choice and playing to the end. */

/** A player at the table: their jar, user and socket. */
export interface Seat extends Player {
  readonly socket: SocketClient;
}

/** Opens a socket for a player. */
export async function seatOf(base: string, player: Player): Promise<Seat> {
  return { ...player, socket: await SocketClient.connect(base, player.jar) };
}

/** Joins over the socket: `join_success` then the game state. */
export async function joinGame(seat: Seat, gameId: number): Promise<MainGameState> {
  seat.socket.send({ type: 'join_game', gameId, userId: seat.user.id });
  const joined = await seat.socket.nextOf(['join_success', 'game_error']);
  if (joined.type === 'game_error') throw new Error(`join refused: ${joined.message}`);
  if (joined.gameId !== gameId) throw new Error(`joined ${joined.gameId}, not ${gameId}`);
  return (await seat.socket.next('game_state', (f) => f.game.id === gameId)).game;
}

/** Creates a game over HTTP and answers its id. */
export async function createGame(jar: Jar, body: Record<string, unknown>): Promise<number> {
  const created = ok200(await jar.post<{ id: number; message: string }>('/api/games', body), 'create game');
  return created.id;
}

/** The viewer's own seat in a state. */
export function me(state: MainGameState, userId: number) {
  const seat = state.players.find((p) => p.id === userId);
  if (seat === undefined) throw new Error(`user ${userId} has no seat`);
  return seat;
}

/** Card order for choosing: 2s and 10s count high (they are kept for later). */
const ORDER: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };
export const order = (value: string): number => ORDER[value] ?? Number(value);

/** The ids of the lowest playable group: every playable card of the lowest value from one source. */
export function lowestGroup(state: MainGameState, userId: number): string[] {
  const seat = me(state, userId);
  const playable = new Set(state.playableCards);
  const hand = seat.handCards.filter((c): c is MainCard => 'value' in c && playable.has(c.id));
  const source = hand.length > 0 ? hand : seat.faceUpCards.filter((c) => playable.has(c.id));
  if (source.length === 0) {
    const blind = state.playableCards[0];
    return blind === undefined ? [] : [blind];
  }
  const lowest = [...source].sort((a, b) => order(a.value) - order(b.value))[0] as MainCard;
  return source.filter((c) => c.value === lowest.value).map((c) => c.id);
}

/** How a seat plays: the lowest playable group, or always pick up when allowed (to lose). */
export type Strategy = 'lowest' | 'pickup';

/** One accepted move and the state every seat saw after it (in seat order). */
export interface Step {
  readonly mover: number;
  readonly action: 'play' | 'pickup';
  readonly after: readonly MainGameState[];
}

/** Each seat chooses its 3 highest hand cards as face-up; answers every seat's state after the last. */
export async function chooseFaceUp(seats: readonly Seat[], gameId: number): Promise<MainGameState[]> {
  let latest: MainGameState[] = [];
  for (const [n, seat] of seats.entries()) {
    const state = await currentState(seat, gameId);
    const hand = me(state, seat.user.id).handCards.filter((c): c is MainCard => 'value' in c);
    const chosen = [...hand].sort((a, b) => order(b.value) - order(a.value)).slice(0, 3);
    seat.socket.send({ type: 'select_faceup_cards', gameId, userId: seat.user.id, cardIds: chosen.map((c) => c.id) });
    // Everyone in the game hears of each confirmation.
    latest = await Promise.all(
      seats.map((s) =>
        s.socket
          .nextOf(['game_state', 'game_error'], (f) => f.type === 'game_error' || me(f.game, seat.user.id).isReady)
          .then((f) => {
            if (f.type === 'game_error') throw new Error(`seat ${n} face-up choice refused: ${f.message}`);
            return f.game;
          }),
      ),
    );
  }
  return latest;
}

/** The last game state this seat's socket received for the game. */
export async function currentState(seat: Seat, gameId: number): Promise<MainGameState> {
  const states = seat.socket.all('game_state').filter((f) => f.game.id === gameId);
  const last = states.at(-1);
  if (last === undefined) throw new Error('no game state yet');
  return last.game;
}

/**
 * Plays an active game to its end over the sockets: the seat to act plays by its strategy, then
 * every seat reads the one `game_state` each accepted move is broadcast as. Answers every step.
 */
export async function playToEnd(
  seats: readonly Seat[],
  gameId: number,
  strategies: readonly Strategy[],
  maxMoves = 1200,
): Promise<Step[]> {
  const steps: Step[] = [];
  let states = await Promise.all(seats.map((s) => currentState(s, gameId)));
  for (const seat of seats) seat.socket.drain();
  for (let move = 0; move < maxMoves; move++) {
    const common = states[0] as MainGameState;
    if (common.status === 'completed') return steps;
    if (common.status !== 'active') throw new Error(`the game is ${common.status}, not active`);
    const n = seats.findIndex((s) => s.user.id === common.currentTurn);
    const seat = seats[n];
    if (seat === undefined) throw new Error(`nobody at the table has the turn (${common.currentTurn})`);
    const mine = states[n] as MainGameState;
    const group = lowestGroup(mine, seat.user.id);
    const pickUp = mine.canPickUp && (strategies[n] === 'pickup' || group.length === 0);
    if (pickUp) {
      seat.socket.send({ type: 'pickup_cards', gameId, userId: seat.user.id });
    } else {
      if (group.length === 0) throw new Error('no playable card and nothing to pick up');
      seat.socket.send({ type: 'play_card', gameId, userId: seat.user.id, cardIds: group });
    }
    states = await Promise.all(
      seats.map((s) =>
        s.socket.nextOf(['game_state', 'game_error']).then((f) => {
          if (f.type === 'game_error') throw new Error(`move refused: ${f.message}`);
          return f.game;
        }),
      ),
    );
    steps.push({ mover: seat.user.id, action: pickUp ? 'pickup' : 'play', after: states });
  }
  throw new Error(`the game did not end within ${maxMoves} moves`);
}

/** The opponent over the socket: on its turn it plays its lowest playable group (never picks up while it can play). */
export function autoplay(seat: Seat, gameId: number): () => void {
  let stopped = false;
  let answered = '';
  const tick = () => {
    if (stopped) return;
    const state = seat.socket
      .all('game_state')
      .filter((f) => f.game.id === gameId)
      .at(-1)?.game;
    if (state !== undefined && state.status === 'active' && state.currentTurn === seat.user.id) {
      const key = `${state.lastAction?.timestamp ?? ''}:${state.playedCards.length}:${me(state, seat.user.id).handCount}`;
      if (key !== answered) {
        answered = key;
        const group = lowestGroup(state, seat.user.id);
        seat.socket.send(
          group.length > 0 ? { type: 'play_card', gameId, cardIds: group } : { type: 'pickup_cards', gameId },
        );
      }
    }
    setTimeout(tick, 10);
  };
  tick();
  return () => {
    stopped = true;
  };
}

/**
 * A two-seat main game created by `loser` with `body`'s settings, where `loser` picks up whenever
 * it may and `winner` plays its lowest group: `winner` wins (by emptying their hand or, at the move
 * cap, with the fewest cards). Answers the game's final state as `winner` saw it; sockets closed.
 */
export async function headsUp(
  base: string,
  winner: Player,
  loser: Player,
  body: Record<string, unknown>,
): Promise<MainGameState> {
  const seats: Seat[] = [await seatOf(base, loser), await seatOf(base, winner)];
  const gameId = await createGame(loser.jar, { playerLimit: 2, ...body });
  for (const seat of seats) await joinGame(seat, gameId);
  await chooseFaceUp(seats, gameId);
  const steps = await playToEnd(seats, gameId, ['pickup', 'lowest']);
  await Promise.all(seats.map((s) => s.socket.close()));
  return steps.at(-1)?.after[1] as MainGameState;
}
