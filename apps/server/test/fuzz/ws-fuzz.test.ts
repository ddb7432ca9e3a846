import type { MainGameState, SimpleGameState } from '@palace/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { sleep, useServer } from '../harness.js';
import {
  chooseFaceUp,
  createGame,
  currentState,
  guest,
  joinGame,
  lowestGroup,
  me,
  playToEnd,
  registered,
  type Seat,
  SocketClient,
  seatOf,
} from '../main-harness.js';
import { cheapMove, freshRoom, ownHand, playerNamed, SimpleSocket } from '../simple-socket-client.js';
import { FUZZ_INVITE } from './fuzz-tables.js';
import { brokenMessages, type Frame, junkFrames, type MessageShape, sentinel, surelyInvalid } from './ws-cases.js';

/**
 * Issue 9 "Bad input" on the sockets: `/ws` and `/simple-ws` get random JSON, anything serialised,
 * binary frames, unknown types, known types with wrong fields, illegal and out-of-turn moves, from
 * a seated player, a stranger and (on `/ws`) a socket signed in as nobody, while another game
 * plays on. Every such frame gets an error frame, never an internal one; the game stays as it was.
 * (Oversize frames and floods have their own tests: the message budget is raised out of reach here.)
 * Reproduce a failure with `FUZZ_SEED=<seed printed> npx vitest run --project server apps/server/test/fuzz/ws-fuzz.test.ts`.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES = 400;
/** Signs of an internal failure in a frame. */
const INTERNAL = [/Something went wrong/i, / {4}at /, /\/work\//, /node_modules/, /\.ts:\d/];

/** Who sends a case. */
type Who = 'onTurn' | 'offTurn' | 'stranger' | 'anonymous';

interface WsCase {
  readonly who: Who;
  readonly frame: Frame;
  /** Whether the server must answer with an error frame (it surely names no valid, legal message). */
  readonly mustFail: boolean;
}

/** What the fuzz loop needs of a test socket (`SocketClient`, `SimpleSocket`). */
interface RawSocket {
  readonly raw: readonly string[];
  readonly socket: WebSocket;
  readonly isOpen: boolean;
}

const text = (message: unknown): Frame => ({ text: JSON.stringify(message) });

/** Waits until a raw frame from index `from` on satisfies `found`; answers its index. */
async function rawFrame(socket: RawSocket, from: number, found: (raw: string) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const at = socket.raw.findIndex((raw, n) => n >= from && found(raw));
    if (at >= 0) return at;
    if (!socket.isOpen) throw new Error('the socket closed');
    if (Date.now() > deadline) throw new Error('no answer within 10 s');
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        socket.socket.off('message', done);
        socket.socket.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, 1000);
      socket.socket.on('message', done);
      socket.socket.on('close', done);
    });
  }
}

/**
 * Sends each case then a sentinel (an unknown type, answered in order), and judges the frames in
 * between: no internal error, an error frame when the case must fail, the socket still open.
 */
async function fuzz(
  cases: readonly WsCase[],
  senders: Readonly<Record<Who, RawSocket | undefined>>,
  errorType: string,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [n, c] of cases.entries()) {
    const socket = senders[c.who];
    if (socket === undefined) continue;
    const from = socket.raw.length;
    if ('bytes' in c.frame) socket.socket.send(c.frame.bytes, { binary: true });
    else socket.socket.send(c.frame.text);
    socket.socket.send(sentinel(n));
    const what = 'bytes' in c.frame ? `${c.frame.bytes.length} binary bytes` : c.frame.text.slice(0, 200);
    let at: number;
    try {
      at = await rawFrame(socket, from, (raw) => raw.includes(`fuzz-sentinel-${n}"`));
    } catch (error) {
      failures.push(`case ${n} (${c.who}) ${what}: ${String(error)}`);
      break;
    }
    const answers = socket.raw.slice(from, at);
    for (const raw of answers) {
      for (const sign of INTERNAL)
        if (sign.test(raw)) failures.push(`case ${n} (${c.who}) ${what}: answered ${raw.slice(0, 200)}`);
    }
    const refused = answers.some((raw) => (JSON.parse(raw) as { type?: unknown }).type === errorType);
    if (c.mustFail && !refused)
      failures.push(`case ${n} (${c.who}) ${what}: no ${errorType}, got [${answers.join(', ')}]`);
  }
  return failures;
}

function seedFor(offset: number) {
  return { seed: SEED + offset, numRuns: CASES };
}

// — /ws —

const MAIN_TYPES = [
  'join_game',
  'create_game',
  'leave_game',
  'play_card',
  'pickup_cards',
  'select_faceup_cards',
  'chat_message',
  'ready',
  'ping',
  'pong',
];
const G = 'gameId';
const MAIN_SHAPES: readonly MessageShape[] = [
  { type: 'join_game', fields: { gameId: G, userId: 'userId' }, required: [G] },
  { type: 'create_game', fields: { game: 'object', userId: 'userId' }, required: ['game'] },
  { type: 'leave_game', fields: { gameId: G, userId: 'userId' }, required: [G] },
  { type: 'play_card', fields: { gameId: G, userId: 'userId', cardIds: 'cardIds' }, required: [G, 'cardIds'] },
  { type: 'pickup_cards', fields: { gameId: G, userId: 'userId' }, required: [G] },
  {
    type: 'select_faceup_cards',
    fields: { gameId: G, userId: 'userId', cardIds: 'cardIds' },
    required: [G, 'cardIds'],
  },
  {
    type: 'chat_message',
    fields: { gameId: G, userId: 'userId', message: { string: 2000 } },
    required: [G, 'message'],
  },
  { type: 'ready', fields: { gameId: G, userId: 'userId' }, required: [G] },
];

/** A started two-player main game of guests. */
async function activeMainGame(base: string): Promise<{ gameId: number; seats: Seat[] }> {
  const seats = [await seatOf(base, await guest(base)), await seatOf(base, await guest(base))];
  const gameId = await createGame((seats[0] as Seat).jar, { name: 'Fuzz Table', playerLimit: 2 });
  for (const seat of seats) await joinGame(seat, gameId);
  await chooseFaceUp(seats, gameId);
  return { gameId, seats };
}

/** Plays `moves` moves (the lowest group, else a pick-up) so the pile holds cards. */
async function advanceMain(seats: readonly Seat[], gameId: number, moves: number): Promise<void> {
  for (let n = 0; n < moves; n++) {
    const state = await currentState(seats[0] as Seat, gameId);
    const seat = seats.find((s) => s.user.id === state.currentTurn) as Seat;
    const own = await currentState(seat, gameId);
    const group = lowestGroup(own, seat.user.id);
    seat.socket.send(
      group.length > 0 ? { type: 'play_card', gameId, cardIds: group } : { type: 'pickup_cards', gameId },
    );
    await Promise.all(seats.map((s) => s.socket.next('game_state', (f) => f.game.id === gameId)));
  }
}

/** Every seat's view, asked afresh (joining a game one sits in changes nothing). */
async function mainViews(seats: readonly Seat[], gameId: number): Promise<MainGameState[]> {
  return Promise.all(seats.map((seat) => joinGame(seat, gameId)));
}

/** Moves that the rules (or the seat) refuse, from the game's state as each seat sees it. */
function illegalMain(
  gameId: number,
  onTurn: MainGameState,
  onTurnId: number,
  offTurn: MainGameState,
  offTurnId: number,
) {
  const mine = me(onTurn, onTurnId);
  const hand = mine.handCards.map((c) => c.id);
  const theirs = me(offTurn, offTurnId);
  const foreign = onTurn.players.filter((p) => p.id !== onTurnId).flatMap((p) => p.faceUpCards.map((c) => c.id));
  const unplayable = hand.filter((id) => !onTurn.playableCards.includes(id));
  const play = (cardIds: string[]) => ({ type: 'play_card', gameId, cardIds });
  const cases: [Who, unknown][] = [
    ['onTurn', play(['ZZ'])],
    ['onTurn', play(['x'.repeat(40)])],
    ['onTurn', play([])],
    ['onTurn', play(foreign.slice(0, 1))],
    ['onTurn', play(mine.faceDownCards.slice(0, 1).map((c) => c.id))],
    ['onTurn', play(hand.length > 0 ? [hand[0] as string, hand[0] as string] : ['ZZ'])],
    ['onTurn', { type: 'select_faceup_cards', gameId, cardIds: hand.slice(0, 3) }],
    ['onTurn', { type: 'join_game', gameId: 999_999_999 }],
    ['onTurn', { type: 'leave_game', gameId: 999_999_999 }],
    ['onTurn', { type: 'play_card', gameId, cardIds: hand.slice(0, 1), userId: offTurnId }],
    ...unplayable.map((id): [Who, unknown] => ['onTurn', play([id])]),
    ...theirs.handCards.map((c): [Who, unknown] => ['offTurn', play([c.id])]),
    ['offTurn', { type: 'pickup_cards', gameId }],
    ['offTurn', { type: 'select_faceup_cards', gameId, cardIds: theirs.handCards.slice(0, 3).map((c) => c.id) }],
    ['stranger', play(hand.slice(0, 1))],
    ['stranger', { type: 'pickup_cards', gameId }],
    ['stranger', { type: 'ready', gameId }],
    ['stranger', { type: 'chat_message', gameId, message: 'let me in' }],
    ['stranger', { type: 'join_game', gameId }],
    ['anonymous', { type: 'join_game', gameId }],
    ['anonymous', play(hand.slice(0, 1))],
    ['anonymous', { type: 'chat_message', gameId, message: 'hello' }],
  ];
  if (!onTurn.canPickUp) cases.push(['onTurn', { type: 'pickup_cards', gameId }]);
  return cases;
}

describe('ws fuzz - /ws', () => {
  const served = useServer({ inviteCodes: [FUZZ_INVITE], inviteUses: 100, limits: { socketInFlight: 1_000_000 } });

  it(`ws fuzz - /ws: ${CASES} junk, broken and illegal frames get a game_error and change nothing, while another game plays on`, async () => {
    const { server, c } = served();
    const table = await activeMainGame(server.base);
    const other = await activeMainGame(server.base);
    await advanceMain(table.seats, table.gameId, 2);
    const { gameId, seats } = table;
    const before = await mainViews(seats, gameId);
    const turn = (before[0] as MainGameState).currentTurn;
    const onTurn = seats.find((s) => s.user.id === turn) as Seat;
    const offTurn = seats.find((s) => s.user.id !== turn) as Seat;
    const stranger = await SocketClient.connect(server.base, (await registered(server.base, FUZZ_INVITE, 'fuzzS')).jar);
    const anonymous = await SocketClient.connect(server.base);
    const heard = seats.map((s) => s.socket.all('game_state').length);

    const onState = before[seats.indexOf(onTurn)] as MainGameState;
    const offState = before[seats.indexOf(offTurn)] as MainGameState;
    const illegal = illegalMain(gameId, onState, onTurn.user.id, offState, offTurn.user.id);
    const who = fc.constantFrom<Who>('onTurn', 'offTurn', 'stranger', 'anonymous');
    const base = { gameId, cardIds: onState.playableCards.slice(0, 1), message: 'hi', game: { name: 'Fuzz' } };
    const cases = fc.sample(
      fc.oneof(
        fc
          .tuple(who, junkFrames(MAIN_TYPES))
          .map(([w, frame]) => ({ who: w, frame, mustFail: surelyInvalid(frame, MAIN_TYPES) })),
        fc.tuple(who, brokenMessages(MAIN_SHAPES, base)).map(([w, m]) => ({ who: w, frame: text(m), mustFail: true })),
        fc.constantFrom(...illegal).map(([w, m]) => ({ who: w, frame: text(m), mustFail: true })),
        // Saying ready again in a game under way is a no-op: no error, no change, answered with the state.
        fc
          .constantFrom<Who>('onTurn', 'offTurn')
          .map((w) => ({ who: w, frame: text({ type: 'ready', gameId }), mustFail: false })),
      ),
      seedFor(0),
    );

    // The other table plays its whole game meanwhile.
    const otherGame = playToEnd(other.seats, other.gameId, ['lowest', 'lowest']);
    const failures = await fuzz(
      cases,
      { onTurn: onTurn.socket, offTurn: offTurn.socket, stranger, anonymous },
      'game_error',
    );
    expect(failures, `FUZZ_SEED=${SEED}\n${failures.slice(0, 8).join('\n')}`).toEqual([]);
    const steps = await otherGame;
    expect(steps.length).toBeGreaterThan(10);

    // Nothing changed in the fuzzed game: the only states its seats were sent since are the answers
    // to their no-op messages (every message is answered), each the view they had before.
    for (const [n, seat] of seats.entries()) {
      const since = seat.socket
        .all('game_state')
        .slice(heard[n])
        .filter((f) => f.game.id === gameId);
      for (const frame of since) expect(frame.game).toEqual(before[n]);
    }
    for (const seat of seats) seat.socket.drain();
    expect(await mainViews(seats, gameId)).toEqual(before);
    expect((await c.get('/healthz')).status).toBe(200);

    // The game still plays: the seat to move moves, and both seats hear it.
    const group = lowestGroup(onState, onTurn.user.id);
    onTurn.socket.send(
      group.length > 0 ? { type: 'play_card', gameId, cardIds: group } : { type: 'pickup_cards', gameId },
    );
    const after = await Promise.all(seats.map((s) => s.socket.next('game_state', (f) => f.game.id === gameId)));
    for (const frame of after) expect(frame.game.lastAction?.playerId).toBe(onTurn.user.id);
    await Promise.all([...seats, ...other.seats].map((s) => s.socket.close()));
    await Promise.all([stranger.close(), anonymous.close()]);
  });
});

// — /simple-ws —

const SIMPLE_TYPES = ['join_game', 'select_faceup', 'play_card', 'pickup_pile', 'chat_message', 'add_ai', 'leave_game'];
const R = { string: 200 } as const;
const SIMPLE_SHAPES: readonly MessageShape[] = [
  { type: 'join_game', fields: { roomId: R, username: R, seatToken: R }, required: ['roomId', 'username'] },
  { type: 'select_faceup', fields: { roomId: R, username: R, card: 'card' }, required: ['roomId', 'username', 'card'] },
  {
    type: 'play_card',
    fields: { roomId: R, username: R, card: 'card', cards: 'cardIds' },
    required: ['roomId', 'username'],
  },
  { type: 'pickup_pile', fields: { roomId: R, username: R }, required: ['roomId', 'username'] },
  {
    type: 'chat_message',
    fields: { roomId: R, username: R, text: { string: 2000 } },
    required: ['roomId', 'username', 'text'],
  },
  { type: 'add_ai', fields: { roomId: R, username: R, level: 'level' }, required: ['roomId', 'username'] },
  { type: 'leave_game', fields: { roomId: R, username: R }, required: ['roomId', 'username'] },
];

/** A room of two humans, face-up cards chosen (playing). */
async function simpleRoom(base: string): Promise<{ roomId: string; sockets: SimpleSocket[] }> {
  const roomId = freshRoom();
  const sockets = [await SimpleSocket.connect(base), await SimpleSocket.connect(base)];
  await (sockets[0] as SimpleSocket).join(roomId, 'Alice');
  await (sockets[1] as SimpleSocket).join(roomId, 'Bob');
  for (const socket of sockets) {
    const username = socket.latest().you as string;
    for (const [n, card] of ownHand(socket.latest()).slice(0, 3).entries()) {
      socket.send({ type: 'select_faceup', roomId, username, card });
      await socket.next('game_state', (f) => {
        const seat = playerNamed(f.state, username);
        return n < 2 ? seat.selecting.includes(card) : seat.isReady;
      });
    }
  }
  for (const socket of sockets) await socket.reach((s) => s.status === 'playing');
  return { roomId, sockets };
}

/** The socket whose seat is to move, and its newest state. */
function mover(sockets: readonly SimpleSocket[]): { socket: SimpleSocket; state: SimpleGameState } | undefined {
  for (const socket of sockets) {
    const state = socket.latest();
    if (state.status === 'playing' && state.currentTurn === state.you) return { socket, state };
  }
  return undefined;
}

/** Plays `moves` cheap moves (or to the end, for `Infinity`), waiting for every socket to see each. */
async function advanceSimple(sockets: readonly SimpleSocket[], roomId: string, moves: number): Promise<number> {
  let made = 0;
  const deadline = Date.now() + 50_000;
  while (made < moves) {
    if (Date.now() > deadline) throw new Error('the room did not move on within 50 s');
    const refused = sockets.flatMap((s) => s.all('error'));
    if (refused.length > 0) throw new Error(`a move was refused: ${refused[0]?.message}`);
    if (sockets.every((s) => s.latest().status === 'finished')) return made;
    const turn = mover(sockets);
    if (turn === undefined) {
      await sleep(2);
      continue;
    }
    const version = turn.state.lastUpdate;
    const move = cheapMove(turn.state, roomId);
    if (move === null) throw new Error(`${turn.state.you} can neither play nor pick up`);
    turn.socket.send(move);
    made += 1;
    await Promise.all(sockets.map((s) => s.reach((state) => state.lastUpdate > version)));
  }
  return made;
}

function illegalSimple(roomId: string, onTurn: SimpleGameState, offTurn: SimpleGameState) {
  const you = onTurn.you as string;
  const them = offTurn.you as string;
  const hand = ownHand(onTurn);
  const foreign = playerNamed(onTurn, them).faceUp.map((c) => c.id);
  const unplayable = hand.filter((id) => !onTurn.playableCards.includes(id));
  const play = (username: string, card: unknown) => ({ type: 'play_card', roomId, username, card });
  const cases: [Who, unknown][] = [
    ['onTurn', play(you, 'ZZ')],
    ['onTurn', play(you, { id: 'x'.repeat(40) })],
    ['onTurn', play(you, foreign[0] ?? 'ZZ')],
    ['onTurn', play(you, 'blind-0')],
    ['onTurn', { type: 'play_card', roomId, username: you, cards: [hand[0], hand[0]] }],
    ['onTurn', { type: 'play_card', roomId, username: you }],
    ['onTurn', { type: 'select_faceup', roomId, username: you, card: hand[0] ?? 'ZZ' }],
    ['onTurn', play(them, ownHand(offTurn)[0] ?? 'ZZ')],
    ['onTurn', { type: 'pickup_pile', roomId: freshRoom(), username: you }],
    ...unplayable.map((id): [Who, unknown] => ['onTurn', play(you, id)]),
    ...ownHand(offTurn).map((id): [Who, unknown] => ['offTurn', play(them, id)]),
    ['offTurn', { type: 'pickup_pile', roomId, username: them }],
    ['stranger', play(you, hand[0] ?? 'ZZ')],
    ['stranger', { type: 'pickup_pile', roomId, username: you }],
    ['stranger', { type: 'chat_message', roomId, username: you, text: 'I am Alice, honest' }],
    ['stranger', { type: 'add_ai', roomId, username: them }],
    ['stranger', { type: 'leave_game', roomId, username: them }],
  ];
  if (!onTurn.canPickUp) cases.push(['onTurn', { type: 'pickup_pile', roomId, username: you }]);
  return cases;
}

describe('ws fuzz - /simple-ws', () => {
  const served = useServer({ limits: { socketInFlight: 1_000_000 } });

  it(`ws fuzz - /simple-ws: ${CASES} junk, broken and illegal frames get an error and change nothing, while another room plays on`, async () => {
    const { server, c } = served();
    const table = await simpleRoom(server.base);
    const other = await simpleRoom(server.base);
    const { roomId, sockets } = table;
    await advanceSimple(sockets, roomId, 2);
    const turn = mover(sockets);
    if (turn === undefined) throw new Error('nobody is to move');
    const offTurn = sockets.find((s) => s !== turn.socket) as SimpleSocket;
    const before = sockets.map((s) => s.latest());
    const heard = sockets.map((s) => s.states().length);
    const stranger = await SimpleSocket.connect(server.base);

    const illegal = illegalSimple(roomId, turn.state, offTurn.latest());
    const who = fc.constantFrom<Who>('onTurn', 'offTurn', 'stranger');
    const base = { roomId, username: turn.state.you, card: ownHand(turn.state)[0], text: 'hi' };
    const cases = fc.sample(
      fc.oneof(
        fc
          .tuple(who, junkFrames(SIMPLE_TYPES))
          .map(([w, frame]) => ({ who: w, frame, mustFail: surelyInvalid(frame, SIMPLE_TYPES) })),
        fc
          .tuple(who, brokenMessages(SIMPLE_SHAPES, base))
          .map(([w, m]) => ({ who: w, frame: text(m), mustFail: true })),
        fc.constantFrom(...illegal).map(([w, m]) => ({ who: w, frame: text(m), mustFail: true })),
      ),
      seedFor(1),
    );

    const otherGame = advanceSimple(other.sockets, other.roomId, Number.POSITIVE_INFINITY);
    const failures = await fuzz(cases, { onTurn: turn.socket, offTurn, stranger, anonymous: undefined }, 'error');
    expect(failures, `FUZZ_SEED=${SEED}\n${failures.slice(0, 8).join('\n')}`).toEqual([]);
    expect(await otherGame).toBeGreaterThan(10);
    for (const socket of other.sockets) expect(socket.latest().status).toBe('finished');

    // No state was sent for the fuzzed room, and the next move is the very next version.
    expect(sockets.map((s) => s.states().length)).toEqual(heard);
    expect(sockets.map((s) => s.latest())).toEqual(before);
    expect((await c.get('/healthz')).status).toBe(200);
    for (const socket of sockets) socket.drain();
    const version = turn.state.lastUpdate;
    turn.socket.send(cheapMove(turn.state, roomId) ?? { type: 'pickup_pile', roomId, username: turn.state.you });
    const next = await Promise.all(sockets.map((s) => s.next('game_state')));
    for (const frame of next) expect(frame.state.lastUpdate).toBe(version + 1);
    await Promise.all([...sockets, ...other.sockets, stranger].map((s) => s.close()));
  });
});
