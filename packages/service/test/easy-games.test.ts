import { firstPlayer } from '@palace/core';
import { EASY_AI_FALLBACK_MS, EASY_MAX_PLAYERS, type EasyGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { EasyGames } from '../src/index.js';
import {
  againstAi,
  card,
  code,
  FALLBACK_MS,
  lowestPlayable,
  pair,
  refusal,
  rig,
  type Setup,
  settle,
  setup,
  sourceOf,
  stored,
  strings,
  value,
} from './easy-support.js';

/** EasyGames with in-memory fakes: identity, seats, start, plays and their outcome, AI moves, the end. */

describe('EasyGames', () => {
  it('easy games - create and join hand out credentials; everyone else sees public seat ids', async () => {
    const s = setup();
    const created = value(await s.easy.create('  Alice  '));
    expect(created.gameId).toBe('G00001');
    expect(created.playerId).toBe('secret-1');
    expect(created.gameState.players).toMatchObject([{ id: 'secret-1', name: 'Alice', isAI: false }]);
    const bob = value(await s.easy.join('g00001', 'Bob'));
    expect(bob).toMatchObject({ gameId: 'G00001', playerId: 'secret-2' });
    expect(bob.gameState.players.map((p) => p.id)).toEqual(['p1', 'secret-2']);
    expect(value(await s.easy.view('G00001', 'secret-1')).players.map((p) => p.id)).toEqual(['secret-1', 'p2']);
    expect(value(await s.easy.view('g00001', undefined)).players.map((p) => p.id)).toEqual(['p1', 'p2']);
    // Only digests are stored, never a credential.
    const game = await stored(s, 'G00001');
    expect(game.meta.keys).toEqual({ p1: 'digest(secret-1)', p2: 'digest(secret-2)' });
    expect(strings(game).filter((t) => t.includes('secret-'))).toEqual(['digest(secret-1)', 'digest(secret-2)']);
  });

  it('easy games - an unknown id or a public seat id is refused with player/forbidden and changes nothing', async () => {
    const s = setup();
    const { id } = await pair(s);
    const version = (await stored(s, id)).version;
    for (const playerId of ['p1', 'p2', 'nope', 'digest(secret-1)']) {
      const forbidden = { code: 'player/forbidden', message: 'You are not a player in this game' };
      expect(refusal(await s.easy.view(id, playerId))).toEqual(forbidden);
      expect(refusal(await s.easy.addAi(id, playerId))).toEqual(forbidden);
      expect(refusal(await s.easy.start(id, playerId))).toEqual(forbidden);
      expect(refusal(await s.easy.play(id, playerId, 'blind-0', 'faceDown'))).toEqual(forbidden);
      expect(refusal(await s.easy.pickUp(id, playerId))).toEqual(forbidden);
    }
    expect((await stored(s, id)).version).toBe(version);
    expect(code(await s.easy.view('NOGAME', undefined))).toBe('game/not_found');
    expect(code(await s.easy.join('NOGAME', 'Carol'))).toBe('game/not_found');
    expect(code(await s.easy.aiMove('NOGAME'))).toBe('game/not_found');
  });

  it('easy games - names are trimmed, required and at most 20 characters', async () => {
    const s = setup();
    expect(refusal(await s.easy.create('   '))).toEqual({ code: 'name/required', message: 'Player name is required' });
    expect(code(await s.easy.create('x'.repeat(21)))).toBe('name/too_long');
    const { gameId } = value(await s.easy.create(` ${'x'.repeat(20)} `));
    expect(code(await s.easy.join(gameId, ''))).toBe('name/required');
    expect(code(await s.easy.join(gameId, 'y'.repeat(21)))).toBe('name/too_long');
    expect(value(await s.easy.join(gameId, ' Bob ')).gameState.players[1]?.name).toBe('Bob');
  });

  it('easy games - join and add AI are refused when full or started, with the engine errors', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    expect(value(await s.easy.addAi(id, bob)).aiName).toBe('AI Player 1');
    const second = value(await s.easy.addAi(id, alice));
    expect(second.aiName).toBe('AI Player 2');
    expect(second.gameState.players.map((p) => [p.name, p.isAI])).toEqual([
      ['Alice', false],
      ['Bob', false],
      ['AI Player 1', true],
      ['AI Player 2', true],
    ]);
    expect(second.gameState.maxPlayers).toBe(EASY_MAX_PLAYERS);
    const full = { code: 'seat/full', message: 'This game is full' };
    expect(refusal(await s.easy.join(id, 'Carol'))).toEqual(full);
    expect(refusal(await s.easy.addAi(id, alice))).toEqual(full);

    const other = await pair(s);
    value(await s.easy.start(other.id, other.bob));
    const started = { code: 'game/started', message: 'The game has already started' };
    expect(refusal(await s.easy.join(other.id, 'Carol'))).toEqual(started);
    expect(refusal(await s.easy.addAi(other.id, other.alice))).toEqual(started);
  });

  it("easy games - start needs 2 players, any seated player may start, firstPlayer is the engine's", async () => {
    const s = setup();
    const { gameId: id, playerId: alice } = value(await s.easy.create('Alice'));
    expect(refusal(await s.easy.start(id, alice))).toEqual({
      code: 'start/too_few',
      message: 'At least 2 players are needed to start',
    });
    const bob = value(await s.easy.join(id, 'Bob')).playerId;
    value(await s.easy.addAi(id, alice));
    const started = value(await s.easy.start(id, bob));
    const game = await stored(s, id);
    const first = game.state.seats[firstPlayer(game.state)];
    expect(started.firstPlayer).toBe(first?.name);
    expect(started.gameState.currentTurnPlayerName).toBe(first?.name);
    expect(started.gameState).toMatchObject({ status: 'playing', pileCount: 0, deckCount: 52 - 27 });
    for (const p of started.gameState.players) {
      expect([p.handCount, p.faceUp.length, p.faceDownCount]).toEqual([3, 3, 3]);
    }
    expect(code(await s.easy.start(id, alice))).toBe('game/not_waiting');
  });

  it('easy games - play checks the source against where the card is, with the spec texts', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    value(await s.easy.start(id, alice));
    await rig(s, id, {
      seats: [{ hand: [card('h4', 4)], faceUp: [card('u9', 9)] }, { hand: [card('b8', 8)] }],
      deck: [card('d1', 12)],
      turn: 0,
    });
    const version = (await stored(s, id)).version;
    expect(refusal(await s.easy.play(id, alice, 'u9', 'faceUp'))).toEqual({
      code: 'play/hand_first',
      message: 'You must play all cards from your hand first',
    });
    expect(code(await s.easy.play(id, alice, 'blind-0', 'faceDown'))).toBe('play/face_up_first');
    const mismatch = {
      code: 'play/source_mismatch',
      message: 'That card is not in the place you are playing it from',
    };
    expect(refusal(await s.easy.play(id, alice, 'h4', 'faceUp'))).toEqual(mismatch);
    expect(refusal(await s.easy.play(id, alice, 'u9', 'hand'))).toEqual(mismatch);
    expect(refusal(await s.easy.play(id, alice, 'blind-0', 'hand'))).toEqual(mismatch);
    expect(code(await s.easy.play(id, alice, 'nope', 'hand'))).toBe('play/unknown_card');
    expect(code(await s.easy.play(id, alice, 'b8', 'hand'))).toBe('play/unknown_card');
    expect(refusal(await s.easy.play(id, bob, 'b8', 'hand'))).toEqual({
      code: 'turn/not_your_turn',
      message: 'Wait for your turn to play',
    });
    expect((await stored(s, id)).version).toBe(version);

    await rig(s, id, { seats: [{ faceUp: [card('u9', 9)] }, { hand: [card('b8', 8)] }], turn: 0 });
    expect(refusal(await s.easy.play(id, alice, 'blind-0', 'faceDown'))).toEqual({
      code: 'play/face_up_first',
      message: 'You must play all cards from your hand and face-up first',
    });
    const played = value(await s.easy.play(id, alice, 'u9', 'faceUp'));
    expect(played).toMatchObject({
      gameOver: false,
      winner: null,
      clearedPile: false,
      skippedPlayer: null,
      pickedUp: false,
      card: { id: 'u9', value: '9', suit: 'hearts', symbol: '♥', color: 'red' },
    });
    expect(played.gameState.currentTurn).toBe('p2');
  });

  it('easy games - a face-down card is played blind by its blind-{n} id; an unplayable one picks up the pile', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    value(await s.easy.start(id, alice));
    await rig(s, id, {
      seats: [{ faceDown: [card('fd5', 5, 'spades'), card('fdA', 14)] }, { hand: [card('b3', 3)] }],
      pile: [card('pk', 13)],
      turn: 0,
    });
    const flopped = value(await s.easy.play(id, alice, 'blind-0', 'faceDown'));
    expect(flopped).toMatchObject({ pickedUp: true, clearedPile: false, card: { id: 'fd5', value: '5' } });
    const mine = flopped.gameState.players[0];
    expect(mine?.hand.map((c) => c.id).sort()).toEqual(['fd5', 'pk']);
    expect(mine?.faceDown).toEqual([{ id: 'blind-0', hidden: true }]);

    await rig(s, id, {
      seats: [{ faceDown: [card('fdA', 14)] }, { hand: [card('b3', 3)] }],
      pile: [card('p5', 5)],
      turn: 0,
    });
    const ace = value(await s.easy.play(id, alice, 'blind-0', 'faceDown'));
    expect(ace).toMatchObject({ pickedUp: false, gameOver: true, winner: 'Alice', card: { id: 'fdA', value: 'A' } });
  });

  it('easy games - a 10 clears the pile and the player goes again; clearedPile and skippedPlayer follow the events', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    value(await s.easy.join(id, 'Carol'));
    value(await s.easy.start(id, alice));
    const seats = [
      { hand: [card('ten', 10), card('e1', 8), card('e2', 8, 'clubs')] },
      { hand: [card('b3', 3)] },
      { hand: [card('c3', 3)] },
    ];
    await rig(s, id, { seats, pile: [card('p9', 9)], deck: [card('d1', 12), card('d2', 12)], turn: 0 });
    const burned = value(await s.easy.play(id, alice, 'ten', 'hand'));
    expect(burned).toMatchObject({ clearedPile: true, skippedPlayer: null, skippedPlayers: [] });
    expect(burned.gameState).toMatchObject({ pileCount: 0, currentTurn: alice });
    // The easy rules: an 8 skips nobody.
    const eight = value(await s.easy.play(id, alice, 'e1', 'hand'));
    expect(eight).toMatchObject({ clearedPile: false, skippedPlayer: null });
    expect(eight.gameState.currentTurnPlayerName).toBe('Bob');
    // With eightSkips on (not in the easy preset), the skipped player is named from the events.
    await rig(s, id, { seats, pile: [card('p4', 4)], deck: [card('d1', 12)], turn: 0, rules: { eightSkips: true } });
    const skipping = value(await s.easy.play(id, alice, 'e2', 'hand'));
    expect(skipping).toMatchObject({ clearedPile: false, skippedPlayer: 'Bob', skippedPlayers: ['Bob'] });
    expect(skipping.gameState.currentTurnPlayerName).toBe('Carol');
  });

  it('easy games - the game ends with a winner and final standings in every view', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    value(await s.easy.start(id, alice));
    await rig(s, id, { seats: [{ hand: [card('last', 9)], faceDown: [] }, { hand: [card('b3', 3)] }], turn: 0 });
    expect(value(await s.easy.view(id, alice)).standings).toEqual([]);
    const won = value(await s.easy.play(id, alice, 'last', 'hand'));
    expect(won).toMatchObject({ gameOver: true, winner: 'Alice', clearedPile: false });
    expect(won.gameState).toMatchObject({
      status: 'finished',
      winner: alice,
      winnerName: 'Alice',
      currentTurn: null,
      endReason: 'out',
      playableCards: [],
      canPickUp: false,
    });
    expect(won.gameState.standings).toEqual([
      { id: alice, name: 'Alice', place: 1, cardsLeft: 0 },
      { id: 'p2', name: 'Bob', place: 2, cardsLeft: 4 },
    ]);
    const bobs = value(await s.easy.view(id, bob));
    expect(bobs.winner).toBe('p1');
    expect(bobs.standings.map((p) => p.id)).toEqual(['p1', bob]);
    expect(value(await s.easy.view(id, undefined)).standings.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(code(await s.easy.pickUp(id, bob))).toBe('game/over');
    expect(code(await s.easy.aiMove(id))).toBe('game/over');
  });
});

describe('EasyGames AI', () => {
  /** Alice against an AI, with Alice's first move made if she had it: the AI is to move. */
  async function aiDue(s: Setup) {
    const game = await againstAi(s);
    let state = game.started.gameState;
    if (state.currentTurn === game.alice) {
      const first = lowestPlayable(state, game.alice);
      state =
        first === undefined
          ? value(await s.easy.pickUp(game.id, game.alice)).gameState
          : value(await s.easy.play(game.id, game.alice, first, sourceOf(state, game.alice, first))).gameState;
    }
    expect(state.currentTurnPlayerName).toBe('AI Player 1');
    return { ...game, state };
  }

  it('easy games - ai-move plays the AI whose turn it is, and only then', async () => {
    const s = setup();
    const { gameId: id, playerId: alice } = value(await s.easy.create('Alice'));
    value(await s.easy.addAi(id, alice));
    expect(code(await s.easy.aiMove(id))).toBe('game/not_playing');
    value(await s.easy.start(id, alice));
    await rig(s, id, { seats: [{ hand: [card('a4', 4)] }, { hand: [card('x5', 5)] }], turn: 0 });
    const version = (await stored(s, id)).version;
    expect(refusal(await s.easy.aiMove(id))).toEqual({ code: 'ai/not_due', message: "It is not an AI player's turn" });
    expect((await stored(s, id)).version).toBe(version);
    const other = await aiDue(s);
    const before = (await stored(s, other.id)).version;
    const moved = value(await s.easy.aiMove(other.id));
    expect(moved.aiName).toBe('AI Player 1');
    expect((await stored(s, other.id)).version).toBe(before + 1);
    if (moved.action === 'play') {
      expect(moved.cards.length).toBeGreaterThan(0);
      expect(moved.card).toEqual(moved.cards[0]);
      expect(moved.gameState.pile.at(-1)?.id ?? null).toBe(moved.clearedPile ? null : moved.cards.at(-1)?.id);
    } else {
      expect(moved.card).toBeNull();
      expect(moved.cards).toEqual([]);
    }
    // A stranger's view: no hints, no credential.
    expect(moved.gameState.playableCards).toEqual([]);
    expect(strings(moved.gameState).some((t) => t.startsWith('secret-'))).toBe(false);
    // Unless the AI burned and plays again, it is Alice's turn now, and the AI is not due.
    if (moved.gameState.currentTurn === 'p1') expect(code(await s.easy.aiMove(other.id))).toBe('ai/not_due');
  });

  it('easy games - ai-move makes the very move the server fallback would have made', async () => {
    const triggered = setup();
    const waited = setup();
    const a = await aiDue(triggered);
    const b = await aiDue(waited);
    value(await triggered.easy.aiMove(a.id));
    waited.clock.advance(FALLBACK_MS);
    expect(waited.scheduler.runDue()).toBe(1);
    await settle();
    expect((await stored(waited, b.id)).state).toEqual((await stored(triggered, a.id)).state);
  });

  it('easy games - the fallback timer plays a due AI after aiFallbackMs, not before', async () => {
    const s = setup();
    const { id } = await aiDue(s);
    const dueAt = s.scheduler.dueAt(id);
    expect(dueAt).toBeDefined();
    s.clock.advance((dueAt ?? 0) - s.clock.now() - 1);
    expect(s.scheduler.runDue()).toBe(0);
    const version = (await stored(s, id)).version;
    s.clock.advance(1);
    expect(s.scheduler.runDue()).toBe(1);
    await settle();
    expect((await stored(s, id)).version).toBe(version + 1);

    // The default fallback is EASY_AI_FALLBACK_MS after the AI becomes due.
    const d = setup({});
    const other = await aiDue(d);
    expect((await stored(d, other.id)).aiDelayMs).toBe(EASY_AI_FALLBACK_MS);
    expect(d.scheduler.dueAt(other.id)).toBe(d.clock.now() + EASY_AI_FALLBACK_MS);
  });

  it('easy games - after ai-move the next AI gets a fresh fallback deadline; a restart re-arms it', async () => {
    const s = setup();
    const { gameId: id, playerId: alice } = value(await s.easy.create('Alice'));
    value(await s.easy.addAi(id, alice));
    value(await s.easy.addAi(id, alice));
    value(await s.easy.start(id, alice));
    const seats = [
      { hand: [card('a4', 4)] },
      { hand: [card('x5', 5), card('x6', 6)] },
      { hand: [card('y7', 7), card('y9', 9)] },
    ];
    await rig(s, id, { seats, deck: [card('d1', 12), card('d2', 12), card('d3', 12)], turn: 0 });
    value(await s.easy.play(id, alice, 'a4', 'hand'));
    const first = s.scheduler.dueAt(id);
    expect(first).toBe(s.clock.now() + FALLBACK_MS);
    s.clock.advance(1000);
    const moved = value(await s.easy.aiMove(id));
    expect(moved).toMatchObject({ action: 'play', aiName: 'AI Player 1', card: { id: 'x5' } });
    expect(moved.gameState.currentTurnPlayerName).toBe('AI Player 2');
    expect(s.scheduler.dueAt(id)).toBe(s.clock.now() + FALLBACK_MS);

    // Another process over the same store re-arms the pending deadline.
    const restarted = setup();
    const again = new EasyGames({ ...restarted, store: s.store });
    expect(await again.rearm()).toBe(1);
    expect(restarted.scheduler.dueAt(id)).toBe(s.clock.now() + FALLBACK_MS);
  });
});

describe('EasyGames whole games', () => {
  /** Every card id the viewer may not see: other hands, every face-down card, the deck. */
  function secretIds(state: Awaited<ReturnType<typeof stored>>['state'], viewer: string | null): string[] {
    return [
      ...state.seats.filter((seat) => seat.id !== viewer).flatMap((seat) => seat.hand.map((c) => c.id)),
      ...state.seats.flatMap((seat) => seat.faceDown.map((c) => c.id)),
      ...state.deck.map((c) => c.id),
    ];
  }

  it('easy games - two humans and an AI play to the end; no view ever shows a hidden card', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    value(await s.easy.addAi(id, alice));
    value(await s.easy.start(id, alice));
    const viewers: Array<[string | null, string | undefined]> = [
      ['p1', alice],
      ['p2', bob],
      [null, undefined],
    ];
    let final: EasyGameState | null = null;
    let aiMoves = 0;
    for (let step = 0; step < 3000 && final === null; step++) {
      const game = await stored(s, id);
      for (const [seat, credential] of viewers) {
        const view = value(await s.easy.view(id, credential));
        const texts = new Set(strings(view));
        const leaked = secretIds(game.state, seat).filter((cardId) => texts.has(cardId));
        expect(leaked).toEqual([]);
        const foreign = credential === alice ? bob : alice;
        expect(texts.has(foreign)).toBe(false);
        if (credential === undefined) expect([...texts].some((t) => t.startsWith('secret-'))).toBe(false);
      }
      const view = value(await s.easy.view(id, alice));
      if (view.status === 'finished') {
        final = view;
        break;
      }
      const turn = game.state.seats[game.state.turn];
      if (turn?.ai !== null) {
        const moved = value(await s.easy.aiMove(id));
        const hidden = new Set(secretIds((await stored(s, id)).state, null));
        expect(strings(moved.gameState).filter((t) => hidden.has(t))).toEqual([]);
        aiMoves++;
        continue;
      }
      const who = turn.id === 'p1' ? alice : bob;
      const mine = value(await s.easy.view(id, who));
      const cardId = lowestPlayable(mine, who);
      if (cardId === undefined) value(await s.easy.pickUp(id, who));
      else value(await s.easy.play(id, who, cardId, sourceOf(mine, who, cardId)));
    }
    expect(final).not.toBeNull();
    expect(aiMoves).toBeGreaterThan(0);
    const standings = final?.standings ?? [];
    expect(standings.map((p) => p.place)).toEqual([1, 2, 3]);
    expect(standings[0]?.cardsLeft).toBe(0);
    expect(standings[0]?.name).toBe(final?.winnerName);
    expect(standings[1]?.cardsLeft ?? 0).toBeLessThanOrEqual(standings[2]?.cardsLeft ?? 0);
    expect(final?.players.map((p) => p.name).sort()).toEqual(standings.map((p) => p.name).sort());
  });
});
