import { MAIN_COUNTDOWN_MS, REST_AI_DELAY_MS } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  PublicGames,
  RecordingPublisher,
  RestGames,
  SequentialIds,
  STRIKES_TO_AWAY,
  TURN_MS,
} from '../src/index.js';
import {
  chooseFaceUp,
  setup as mainSetup,
  movesIn,
  registered,
  seated,
  stored as storedMain,
  viewOf,
} from './main-support.js';
import { firstMove, greedyFor, lastCommand, nextTimer, turnKey } from './seat-lifecycle-support.js';
import { settle, storedGame, value } from './support.js';

function setup(store = new MemoryGamesStore()) {
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const ports = { store, clock, ids: new SequentialIds(), scheduler, publisher: new RecordingPublisher() };
  return { store, clock, scheduler, rest: new RestGames(ports), publics: new PublicGames(ports) };
}
type Setup = ReturnType<typeof setup>;

const stored = (s: Setup, id: string) => storedGame(s.store, id);

/** Alice (seat 0) and Bob (seat 1) in a started REST game. */
async function humans(s: Setup) {
  const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice' }));
  const { playerId: bob } = value(await s.rest.join(id, { playerName: 'Bob' }));
  value(await s.rest.ready(id, alice));
  value(await s.rest.ready(id, bob));
  value(await s.rest.start(id, alice));
  return { id, credentials: [alice, bob] };
}

/** The player to move makes their first legal move through the variant (their own command). */
async function ownMove(s: Setup, id: string, credentials: readonly string[]): Promise<void> {
  const game = await stored(s, id);
  const command = firstMove(game);
  const credential = credentials[game.state.turn] ?? '';
  value(
    command.type === 'play' ? await s.rest.play(id, credential, command.cardIds) : await s.rest.pickUp(id, credential),
  );
}

/** Alice and Bob seated in a main game; Alice has chosen her face-up cards, Bob not yet. */
async function aliceChoseFaceUp() {
  const s = mainSetup();
  const alice = await registered(s, 'Alice');
  const bob = await registered(s, 'Bob');
  const id = await seated(s, [alice, bob]);
  await chooseFaceUp(s, id, alice);
  return { s, alice, bob, id };
}

describe('seat lifecycle - turn clock', () => {
  it('seat lifecycle - a human who does nothing is played by the greedy AI at the deadline, with one strike', async () => {
    const s = setup();
    const { id } = await humans(s);
    const before = await stored(s, id);
    const mover = before.state.seats[before.state.turn]?.id ?? '';
    const deadline = s.clock.now() + TURN_MS;
    expect(before.seatClock).toEqual({ turnDueAt: deadline, strikes: {}, away: [] });
    expect(s.scheduler.dueAt(turnKey(id))).toBe(deadline);

    s.clock.advance(TURN_MS - 1);
    s.scheduler.runDue();
    await settle();
    expect((await stored(s, id)).version).toBe(before.version);

    expect(await nextTimer(s, id)).toBe('turn');
    const after = await stored(s, id);
    expect(after.version).toBe(before.version + 1);
    expect(lastCommand(after)).toEqual(greedyFor(before, before.state.turn));
    expect(after.seatClock.strikes).toEqual({ [mover]: 1 });
    expect(after.seatClock.away).toEqual([]);
    // Whoever is due next gets a fresh deadline.
    expect(after.seatClock.turnDueAt).toBe(s.clock.now() + TURN_MS);
    expect(s.scheduler.dueAt(turnKey(id))).toBe(s.clock.now() + TURN_MS);
  });

  it("seat lifecycle - a human's own move resets their strikes; a chat keeps the running deadline", async () => {
    const s = setup();
    const { id, credentials } = await humans(s);
    const first = (await stored(s, id)).state.turn;
    const seatId = (await stored(s, id)).state.seats[first]?.id ?? '';
    await nextTimer(s, id);
    expect((await stored(s, id)).seatClock.strikes).toEqual({ [seatId]: 1 });
    // Until it is their turn again, the others move (or time out).
    for (let n = 0; n < 10 && (await stored(s, id)).state.turn !== first; n++) await ownMove(s, id, credentials);
    const due = (await stored(s, id)).seatClock.turnDueAt;
    s.clock.advance(1000);
    value(await s.rest.chat(id, credentials[first] ?? '', 'thinking'));
    expect((await stored(s, id)).seatClock.turnDueAt).toBe(due);
    await ownMove(s, id, credentials);
    expect((await stored(s, id)).seatClock.strikes).toEqual({});
  });

  it('seat lifecycle - three timeouts in a row make a seat away; the AI then plays it at AI speed to the end', async () => {
    const s = setup();
    const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice' }));
    value(await s.rest.addAi(id, alice));
    value(await s.rest.ready(id, alice));
    value(await s.rest.start(id, alice));
    const aliceSeat = (await stored(s, id)).state.seats[0]?.id ?? '';
    let timeouts = 0;
    while (!(await stored(s, id)).seatClock.away.includes(aliceSeat)) {
      if ((await nextTimer(s, id)) === 'turn') timeouts++;
      expect(timeouts).toBeLessThanOrEqual(STRIKES_TO_AWAY);
    }
    expect(timeouts).toBe(STRIKES_TO_AWAY);
    expect((await stored(s, id)).seatClock.strikes).toEqual({ [aliceSeat]: STRIKES_TO_AWAY });
    // From now on only AI timers run, each after the AI delay, until the game is over.
    for (let n = 0; n < 2000 && (await stored(s, id)).state.phase !== 'finished'; n++) {
      const game = await stored(s, id);
      expect(game.seatClock.turnDueAt).toBeNull();
      expect(game.aiDueAt).not.toBeNull();
      expect((game.aiDueAt ?? 0) - s.clock.now()).toBeLessThanOrEqual(REST_AI_DELAY_MS);
      expect(await nextTimer(s, id)).toBe('ai');
    }
    expect((await stored(s, id)).state.phase).toBe('finished');
  });

  it("seat lifecycle - an away player's next request brings the seat back (one write) with a fresh clock", async () => {
    const s = setup();
    const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice' }));
    value(await s.rest.addAi(id, alice));
    value(await s.rest.ready(id, alice));
    value(await s.rest.start(id, alice));
    const aliceSeat = (await stored(s, id)).state.seats[0]?.id ?? '';
    while (!(await stored(s, id)).seatClock.away.includes(aliceSeat)) await nextTimer(s, id);
    // The AI plays for her until it is her turn to be played again.
    while ((await stored(s, id)).state.turn !== 0) await nextTimer(s, id);
    const away = await stored(s, id);
    expect(away.aiDueAt).not.toBeNull();

    const view = value(await s.rest.view(id, alice));
    const back = await stored(s, id);
    expect(back.version).toBe(away.version + 1);
    expect(back.seatClock).toEqual({ turnDueAt: s.clock.now() + TURN_MS, strikes: {}, away: [] });
    expect(back.aiDueAt).toBeNull();
    expect(view.lastUpdate).toBe(back.version);
    value(await s.rest.view(id, alice));
    expect((await stored(s, id)).version).toBe(back.version);
  });

  it('seat lifecycle - the face-up choice in setup runs on the clock (public game)', async () => {
    const s = setup();
    const { gameId: id, token: alice } = value(await s.publics.enter({ username: 'Alice', token: undefined }));
    const { token: bob } = value(await s.publics.join(id, { username: 'Bob', token: undefined }));
    expect((await stored(s, id)).seatClock.turnDueAt).toBeNull();
    value(await s.publics.start(id, { username: 'Alice', token: alice }));
    const setupGame = await stored(s, id);
    expect(setupGame.state.phase).toBe('setup');
    expect(setupGame.seatClock.turnDueAt).toBe(s.clock.now() + TURN_MS);

    s.clock.advance(10_000);
    const hand = setupGame.state.seats[0]?.hand.slice(0, 3).map((c) => c.id) ?? [];
    value(await s.publics.ready(id, { username: 'Alice', token: alice }, hand));
    const bobDue = s.clock.now() + TURN_MS;
    expect((await stored(s, id)).seatClock.turnDueAt).toBe(bobDue);

    expect(await nextTimer(s, id)).toBe('turn');
    const after = await stored(s, id);
    expect(after.state.seats[1]?.ready).toBe(true);
    expect(after.state.seats[1]?.faceUp).toHaveLength(3);
    expect(after.state.phase).toBe('playing');
    expect(after.seatClock.strikes).toEqual({ [after.state.seats[1]?.id ?? '']: 1 });
    expect(bob).not.toBe(alice);
  });

  it('seat lifecycle - the main waiting room clocks the face-up choice only once two are seated', async () => {
    const s = mainSetup();
    const alice = await registered(s, 'Alice');
    const bob = await registered(s, 'Bob');
    const id = await seated(s, [alice]);
    expect((await storedMain(s, id)).seatClock.turnDueAt).toBeNull();
    value(await s.main.join(bob, id));
    const game = await storedMain(s, id);
    expect(game.seatClock.turnDueAt).toBe(s.clock.now() + TURN_MS);
    expect(await nextTimer(s, id)).toBe('turn');
    const started = await storedMain(s, id);
    expect(started.state.phase).toBe('playing');
    expect(started.seatClock.strikes).toEqual({ [String(alice.id)]: 1, [String(bob.id)]: 1 });
  });

  it('seat lifecycle - the main game clocks the first turn from the end of the countdown, not from the deal', async () => {
    const { s, alice, bob, id } = await aliceChoseFaceUp();
    // The face-up choice itself has no countdown before it.
    expect((await storedMain(s, id)).seatClock.turnDueAt).toBe(s.clock.now() + TURN_MS);
    s.clock.advance(10_000);
    await chooseFaceUp(s, id, bob);
    const started = await storedMain(s, id);
    expect(started.state.phase).toBe('playing');
    expect(started.seatClock.turnDueAt).toBe(s.clock.now() + MAIN_COUNTDOWN_MS + TURN_MS);
    // The first move re-arms the clock from its own time, with no countdown.
    const mover = started.state.turn === 0 ? alice : bob;
    s.clock.advance(MAIN_COUNTDOWN_MS + 2_000);
    const [move] = movesIn(await viewOf(s, id, mover), mover);
    if (move === undefined) throw new Error('no move');
    value(move.type === 'play' ? await s.main.play(mover, id, move.cardIds) : await s.main.pickUp(mover, id));
    expect((await storedMain(s, id)).seatClock.turnDueAt).toBe(s.clock.now() + TURN_MS);
  });

  it('seat lifecycle - when the server chooses the last face-up cards at the deadline, play still starts after the countdown', async () => {
    const { s, id } = await aliceChoseFaceUp();
    expect(await nextTimer(s, id)).toBe('turn');
    const started = await storedMain(s, id);
    expect(started.state.phase).toBe('playing');
    expect(started.seatClock.turnDueAt).toBe(s.clock.now() + MAIN_COUNTDOWN_MS + TURN_MS);
  });

  it('seat lifecycle - a new service on the same store re-arms a pending turn clock, and the seat is played', async () => {
    const s = setup();
    const { id } = await humans(s);
    const before = await stored(s, id);
    const restarted = setup(s.store);
    restarted.clock.advance(s.clock.now() - restarted.clock.now() + TURN_MS + 5_000);
    expect(await restarted.rest.rearm()).toBe(1);
    expect(restarted.scheduler.dueAt(turnKey(id))).toBe(before.seatClock.turnDueAt ?? -1);
    restarted.scheduler.runDue();
    await settle();
    await settle();
    const after = await stored(s, id);
    expect(after.version).toBe(before.version + 1);
    expect(lastCommand(after)).toEqual(greedyFor(before, before.state.turn));
  });
});
