import type { RestGameState, RestPlayer, RestSeated } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import {
  cardsInPlay,
  expectError,
  own,
  seatNamed,
  sleep,
  twoPlayers,
  unknownCredential,
  useServer,
} from './harness.js';

/** Whole games over HTTP: a full game, starting alone, resuming, hidden cards, chat and racing plays. */

const ORDER: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };

/** The lowest playable card of the viewer (2s and 10s kept for last, face-down cards have no value). */
function lowestPlayable(state: RestGameState, playerId: string): string | undefined {
  const seat = own(state, playerId);
  const hand = Array.isArray(seat.hand) ? seat.hand : [];
  const known = new Map([...hand, ...seat.faceUp].map((c) => [c.id, ORDER[c.value] ?? Number(c.value)]));
  return [...state.playableCards].sort((a, b) => (known.get(a) ?? 99) - (known.get(b) ?? 99))[0];
}

describe('rest games over HTTP', () => {
  const served = useServer();

  it('rest games - a full game from create to winner through HTTP only', async () => {
    const { c } = served();
    const alice = await c.seated(c.create({ playerName: 'Alice', variant: 'classic' }));
    const { gameId } = alice;
    const bob = await c.seated(c.join(gameId, { playerName: 'Bob' }));
    const withAi = await c.done(gameId, 'ai', { playerId: alice.playerId });
    expect(withAi.players.map((p) => [p.name, p.isAI])).toEqual([
      ['Alice', false],
      ['Bob', false],
      ['AI Player 1', true],
    ]);
    await c.done(gameId, 'ready', { playerId: alice.playerId });
    await c.done(gameId, 'ready', { playerId: bob.playerId });
    const started = await c.done(gameId, 'start', { playerId: bob.playerId });
    expect(started.status).toBe('playing');
    // One 52-card deck for three players: 3 face-down, 3 face-up and 3 in hand each, the rest in the deck.
    expect(cardsInPlay(started)).toBe(52);
    expect(started.deckCount).toBe(52 - 27);

    const humans = [alice, bob];
    const credentials = humans.map((h) => h.playerId);
    let total = 52;
    let finished: RestGameState | null = null;
    let finishedFor: RestSeated | null = null;
    const humanMoves = new Map<string, number>();
    const actors = new Set<string>();
    for (let i = 0; i < 3000 && finished === null; i++) {
      let acted = false;
      for (const human of humans) {
        const state = await c.state(gameId, human.playerId);
        const count = cardsInPlay(state);
        expect(count).toBeLessThanOrEqual(total);
        total = count;
        if (state.lastAction !== null) actors.add(state.lastAction.playerName);
        if (state.status === 'finished') {
          finished = state;
          finishedFor = human;
          break;
        }
        expect(state.status).toBe('playing');
        if (state.currentTurn !== human.playerId) continue;
        const cardId = lowestPlayable(state, human.playerId);
        let after: RestGameState;
        if (cardId !== undefined) {
          after = await c.done(gameId, 'play', { playerId: human.playerId, cardId });
          expect(after.lastAction?.player).toBe(human.playerId);
        } else {
          // No legal play: the only way on is to pick the pile up.
          expect(state.canPickUp).toBe(true);
          after = await c.done(gameId, 'pickup', { playerId: human.playerId });
          expect(after.lastAction).toMatchObject({ player: human.playerId, action: 'pickup' });
        }
        expect(after.lastUpdate).toBeGreaterThan(state.lastUpdate);
        expect(cardsInPlay(after)).toBeLessThanOrEqual(total);
        total = cardsInPlay(after);
        humanMoves.set(human.playerId, (humanMoves.get(human.playerId) ?? 0) + 1);
        acted = true;
      }
      // The AI's turn: it acts after 5 ms.
      if (!acted && finished === null) await sleep(5);
    }

    if (finished === null || finishedFor === null) throw new Error('the game did not finish within 3000 rounds');
    expect(humanMoves.get(alice.playerId) ?? 0).toBeGreaterThan(0);
    expect(humanMoves.get(bob.playerId) ?? 0).toBeGreaterThan(0);
    expect(actors).toContain('AI Player 1');
    expect(total).toBeLessThanOrEqual(52);

    // Every viewer sees the same winner: their own credential if they won, else a public seat id.
    const stranger = await c.state(gameId);
    expect(stranger.status).toBe('finished');
    expect(stranger.winner).not.toBeNull();
    expect(stranger.winnerName).not.toBeNull();
    const winnerSeat = stranger.players.find((p) => p.id === stranger.winner);
    expect(winnerSeat?.name).toBe(stranger.winnerName);
    expect(credentials).not.toContain(stranger.winner);
    // The winner has no cards left (or, at the move cap, the fewest).
    const left = (p: RestPlayer): number => p.handCount + p.faceUp.length + p.faceDownCount;
    expect(left(winnerSeat as RestPlayer)).toBe(Math.min(...stranger.players.map(left)));
    for (const human of humans) {
      const view = await c.state(gameId, human.playerId);
      expect(view.status).toBe('finished');
      expect(view.winnerName).toBe(stranger.winnerName);
      if (stranger.winnerName === own(view, human.playerId).name) {
        expect(view.winner).toBe(human.playerId);
      } else {
        expect(credentials).not.toContain(view.winner);
        expect(view.players.map((p) => p.id)).toContain(view.winner);
        expect(seatNamed(view, stranger.winnerName as string).id).toBe(view.winner);
      }
      expect(view.currentTurn).toBeNull();
      // The game is over: nobody plays any more.
      expectError(await c.act(gameId, 'pickup', { playerId: human.playerId }), 409);
    }
    expect(finished.status).toBe('finished');
    expect(finished.winner === finishedFor.playerId || !credentials.includes(finished.winner as string)).toBe(true);
  }, 60_000);

  it('rest games - resume with the playerId gives back the same seat', async () => {
    const { c } = served();
    const { gameId, alice, bob } = await twoPlayers(c);
    const before = await c.state(gameId);
    const resumed = await c.seated(
      c.join(gameId.toLowerCase(), { playerName: 'Someone Else', playerId: bob.playerId }),
    );
    expect(resumed.gameId).toBe(gameId);
    expect(resumed.playerId).toBe(bob.playerId);
    expect(resumed.gameState.players).toHaveLength(2);
    expect(own(resumed.gameState, bob.playerId).name).toBe('Bob');
    expect(resumed.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    expect(await c.state(gameId)).toEqual(before);
    // Resume also works once the game is under way.
    await c.done(gameId, 'ready', { playerId: alice.playerId });
    await c.done(gameId, 'start', { playerId: alice.playerId });
    const again = await c.seated(c.join(gameId, { playerId: alice.playerId }));
    expect(again.playerId).toBe(alice.playerId);
    expect(again.gameState.status).toBe('playing');
    expect(Array.isArray(own(again.gameState, alice.playerId).hand)).toBe(true);
    // An unknown credential resumes nothing.
    expectError(
      await c.join(gameId, { playerName: 'Bob', playerId: unknownCredential() }),
      403,
      'You are not a player in this game',
    );
  });

  it('rest games - hidden cards and credentials never reach another viewer', async () => {
    const { c } = served();
    const { gameId, alice, bob } = await twoPlayers(c, { start: true });
    const mine = await c.state(gameId, alice.playerId);
    const theirs = await c.state(gameId, bob.playerId);
    const stranger = await c.state(gameId);

    const me = own(mine, alice.playerId);
    expect(Array.isArray(me.hand)).toBe(true);
    for (const card of me.hand as unknown[]) {
      expect(Object.keys(card as object).sort()).toEqual(['color', 'id', 'suit', 'value']);
    }
    expect(me.faceUp).toHaveLength(3);
    expect(me.faceDown).toHaveLength(3);
    for (const card of me.faceDown as unknown[]) {
      expect(Object.keys(card as object).sort()).toEqual(['hidden', 'id']);
      expect(card).toMatchObject({ id: expect.stringMatching(/^blind-\d+$/), hidden: true });
    }
    const other = seatNamed(mine, 'Bob');
    expect(other.hand).toBe(3);
    expect(other.faceDown).toBe(3);
    expect(other.handCount).toBe(3);
    expect(other.faceUp).toHaveLength(3);
    expect(mine.deck).toHaveLength(mine.deckCount);
    expect(mine.deckCount).toBeGreaterThan(0);
    for (const card of mine.deck) {
      expect(Object.keys(card).sort()).toEqual(['hidden', 'id']);
      expect(card.hidden).toBe(true);
    }

    for (const p of stranger.players) {
      expect(typeof p.hand).toBe('number');
      expect(typeof p.faceDown).toBe('number');
    }
    const strangerJson = JSON.stringify(stranger);
    expect(strangerJson).not.toContain(alice.playerId);
    expect(strangerJson).not.toContain(bob.playerId);
    expect(JSON.stringify(theirs)).not.toContain(alice.playerId);
    expect(JSON.stringify(mine)).not.toContain(bob.playerId);
    // Nobody else's hand cards show up in a view: Bob's hand ids are not in Alice's view.
    const bobsHand = own(theirs, bob.playerId).hand;
    if (!Array.isArray(bobsHand)) throw new Error('own hand should be cards');
    const mineJson = JSON.stringify(mine);
    for (const card of bobsHand) expect(mineJson).not.toContain(`"${card.id}"`);
  });

  it('rest games - a lone ready player who starts gets an AI opponent first', async () => {
    const { c } = served();
    const lone = await c.seated(c.create({ playerName: 'Solo' }));
    await c.done(lone.gameId, 'ready', { playerId: lone.playerId });
    const started = await c.done(lone.gameId, 'start', { playerId: lone.playerId });
    expect(started.status).toBe('playing');
    expect(started.players).toHaveLength(2);
    expect(started.players[1]).toMatchObject({ name: 'AI Player 1', isAI: true, isReady: true });
    expect(started.currentTurn).not.toBeNull();
    expect(started.players.map((p) => p.id)).toContain(started.currentTurn);
    // Alone against the AI, a hint on her turn (docs/product.md §D14 hint): the strong AI's move, counted.
    let mine = started;
    for (let waited = 0; mine.currentTurn !== lone.playerId && mine.status === 'playing'; waited += 50) {
      if (waited > 10_000) throw new Error('the turn never came');
      expect(mine.hints?.allowed).toBe(false);
      await sleep(50);
      mine = await c.state(lone.gameId, lone.playerId);
    }
    expect(mine.hints).toEqual({ allowed: true, used: 0 });
    const hint = await c.post<{ action: string; cardIds: string[]; reason: string }>(
      `/api/rest-games/${lone.gameId}/hint`,
      { playerId: lone.playerId },
    );
    expect(hint.status).toBe(200);
    expect(Object.keys(hint.body)).toEqual(['action', 'cardIds', 'reason']);
    if (hint.body.action === 'play') expect(mine.playableCards).toEqual(expect.arrayContaining(hint.body.cardIds));
    else expect([hint.body.action, hint.body.cardIds]).toEqual(['pickup', []]);
    expect((await c.state(lone.gameId, lone.playerId)).hints).toEqual({ allowed: true, used: 1 });
    // Strangers see nothing of it.
    expect((await c.state(lone.gameId)).hints).toBeUndefined();
  });

  it('rest games - chat keeps trimmed messages with sender, name, emoji flag and time', async () => {
    const { c } = served();
    const { gameId, alice, bob } = await twoPlayers(c);
    const start = Date.now();
    await c.done(gameId, 'chat', { playerId: alice.playerId, message: '  hello there  ', isEmoji: true });
    await c.done(gameId, 'chat', { playerId: bob.playerId, message: ':fire:' });
    await c.done(gameId, 'chat', { playerId: alice.playerId, message: ' ok ', isEmoji: false });
    const mine = await c.state(gameId, alice.playerId);
    const theirs = await c.state(gameId, bob.playerId);
    const alicePublic = seatNamed(theirs, 'Alice').id;
    const bobPublic = seatNamed(mine, 'Bob').id;

    expect(mine.chatMessages.map((m) => [m.sender, m.senderName, m.text, m.isEmoji])).toEqual([
      [alice.playerId, 'Alice', 'hello there', false],
      [bobPublic, 'Bob', ':fire:', true],
      [alice.playerId, 'Alice', 'ok', true],
    ]);
    expect(theirs.chatMessages.map((m) => [m.sender, m.senderName, m.text, m.isEmoji])).toEqual([
      [alicePublic, 'Alice', 'hello there', false],
      [bob.playerId, 'Bob', ':fire:', true],
      [alicePublic, 'Alice', 'ok', true],
    ]);
    const ids = mine.chatMessages.map((m) => m.id);
    expect(new Set(ids).size).toBe(3);
    expect(theirs.chatMessages.map((m) => m.id)).toEqual(ids);
    for (const message of mine.chatMessages) {
      expect(Object.keys(message).sort()).toEqual(['id', 'isEmoji', 'sender', 'senderName', 'text', 'timestamp']);
      expect(Number.isInteger(message.timestamp)).toBe(true);
      expect(message.timestamp).toBeGreaterThanOrEqual(start - 1000);
      expect(message.timestamp).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const stranger = JSON.stringify(await c.state(gameId));
    expect(stranger).not.toContain(alice.playerId);
    expect(stranger).not.toContain(bob.playerId);
  });

  it('rest games - two concurrent plays on one game: exactly one is accepted', async () => {
    const { c } = served();
    // Easy rules: only a 10 gives another turn, and it is never raced here.
    const { gameId, alice, bob } = await twoPlayers(c, { start: true, variant: 'easy' });
    let races = 0;
    for (let round = 0; round < 40 && races < 6; round++) {
      const stranger = await c.state(gameId);
      if (stranger.status !== 'playing') break;
      let player: RestSeated | undefined;
      for (const candidate of [alice, bob]) {
        const view = await c.state(gameId, candidate.playerId);
        if (view.currentTurn === candidate.playerId) player = candidate;
      }
      if (player === undefined) throw new Error('no human has the turn');
      const before = await c.state(gameId, player.playerId);
      const seat = own(before, player.playerId);
      const hand = Array.isArray(seat.hand) ? seat.hand : [];
      const values = new Map([...hand, ...seat.faceUp].map((card) => [card.id, card.value]));
      const candidates = before.playableCards.filter((id) => values.has(id) && values.get(id) !== '10');
      if (candidates.length === 0) {
        // Nothing to race with: move on.
        if (before.playableCards.length > 0) {
          await c.done(gameId, 'play', { playerId: player.playerId, cardId: before.playableCards[0] });
        } else {
          await c.done(gameId, 'pickup', { playerId: player.playerId });
        }
        continue;
      }
      const first = candidates[0] as string;
      const second = candidates.find((id) => values.get(id) !== values.get(first)) ?? candidates[1] ?? first;
      // Each card twice, all at once: one request wins, every other one is refused.
      const tried = [first, second, first, second];
      const answers = await Promise.all(
        tried.map((cardId) => c.act(gameId, 'play', { playerId: player.playerId, cardId })),
      );
      const won = answers.flatMap((got, n) => (got.status === 200 ? [n] : []));
      expect(won).toHaveLength(1);
      for (const got of answers) {
        if (got.status === 200) continue;
        expectError(got, got.status);
        expect([400, 409]).toContain(got.status);
      }
      const accepted = tried[won[0] as number];

      const after = await c.state(gameId, player.playerId);
      expect(after.lastUpdate).toBe(before.lastUpdate + 1);
      expect(after.pileCount).toBe(before.pileCount + 1);
      expect(after.pile.at(-1)?.id).toBe(accepted);
      expect(after.lastAction?.cards.map((card) => card.id)).toEqual([accepted]);
      expect(cardsInPlay(after)).toBe(cardsInPlay(before));
      expect(after.currentTurn).not.toBe(player.playerId);
      races++;
    }
    expect(races).toBeGreaterThanOrEqual(3);
  });
});
