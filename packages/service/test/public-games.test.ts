import { PRESETS } from '@palace/core';
import { PUBLIC_AI_DELAY_MS, PUBLIC_CHAT_KEEP, PUBLIC_SYSTEM_SENDER, type PublicGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { PUBLIC_KIND, SequentialIds } from '../src/index.js';
import {
  ALICE,
  as,
  BOB,
  code,
  driveAi,
  driveAllAi,
  firstThree,
  pair,
  playingPair,
  setup,
  stored,
  strings,
  value,
} from './public-support.js';

const texts = (state: PublicGameState): string[] => state.chat.map((line) => line.text);

/** PublicGames: seats, spectators, identity, the waiting room, setup, chat lines, leaving. */
describe('PublicGames', () => {
  it('public games - create seats the creator in a waiting public game with the classic rules and a face-up step', async () => {
    const s = setup();
    const created = value(await s.games.enter({ username: '  Alice ', token: undefined, visibility: 'public' }));
    expect(created).toEqual({ gameId: 'G00001', username: 'Alice', token: ALICE, asSpectator: false, isNew: true });
    const game = await stored(s, 'G00001');
    expect(game.kind).toBe(PUBLIC_KIND);
    expect(game.state.options).toEqual({
      rules: { ...PRESETS.classic.rules, chooseFaceUp: true },
      flow: 'manual',
      maxSeats: 6,
      startNeedsReady: false,
    });
    expect(game.aiDelayMs).toBe(PUBLIC_AI_DELAY_MS);
    expect(game.listed).toBe(true);
    expect(game.meta.keys).toEqual({ p1: `digest(${ALICE})` });
    const view = value(await s.games.view('g00001', as('alice', ALICE)));
    expect(view.asSpectator).toBe(false);
    expect(view.gameState).toMatchObject({
      id: 'G00001',
      status: 'waiting',
      visibility: 'public',
      maxPlayers: 6,
      players: [{ username: 'Alice', hand: [], faceUp: [], faceDown: [], isAI: false, isReady: false }],
      pile: [],
      pileSize: 0,
      deckSize: 0,
      currentTurn: null,
      winner: null,
      standings: null,
      spectators: [],
      you: 'Alice',
      commitment: 'digest(seed-1)',
      lastUpdate: 1,
    });
    expect(view.gameState.chat).toEqual([
      { sender: PUBLIC_SYSTEM_SENDER, text: 'Alice joined the game', timestamp: s.clock.now(), isSystem: true },
    ]);
  });

  it('public games - a body without gameId creates, public by default; a private game is not listed', async () => {
    const s = setup();
    value(await s.games.enter({ username: 'Alice', token: undefined }));
    value(await s.games.enter({ username: 'Carol', token: undefined, visibility: 'private' }));
    expect((await stored(s, 'G00001')).meta.visibility).toBe('public');
    expect((await stored(s, 'G00002')).listed).toBe(false);
    const list = await s.games.list();
    expect(list).toEqual([
      {
        id: 'G00001',
        playerCount: 1,
        createdAt: s.clock.now(),
        status: 'waiting',
        maxPlayers: 6,
        players: ['Alice'],
        spectatorCount: 0,
      },
    ]);
    // The private game is reachable by id.
    expect(value(await s.games.join('G00002', as('Dave'))).asSpectator).toBe(false);
  });

  it('public games - usernames must be 3 to 15 characters after trimming; joining needs a game id', async () => {
    const s = setup();
    const enter = (username: string | undefined, gameId?: string) =>
      s.games.enter({ username, token: undefined, gameId });
    expect(code(await enter(undefined))).toBe('username/required');
    expect(code(await enter('   '))).toBe('username/required');
    expect(code(await enter('ab'))).toBe('username/length');
    expect(code(await enter(' ab '))).toBe('username/length');
    expect(code(await enter('x'.repeat(16)))).toBe('username/length');
    expect(code(await enter('x'.repeat(15)))).toBeNull();
    expect(code(await enter('Bob', ''))).toBe('game/id_required');
    expect(code(await enter('Bob', '   '))).toBe('game/id_required');
    expect(code(await enter('Bob', 'NOPE99'))).toBe('game/not_found');
    // The name is checked before the id.
    expect(code(await enter('ab', ''))).toBe('username/length');
  });

  it('public games - joining a waiting game takes a seat with a fresh token; only its digest is stored', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    expect([alice, bob]).toEqual([ALICE, BOB]);
    const game = await stored(s, id);
    expect(game.meta.keys).toEqual({ p1: `digest(${ALICE})`, p2: `digest(${BOB})` });
    expect(strings(game)).not.toContain(ALICE);
    expect(strings(game)).not.toContain(BOB);
    const view = value(await s.games.view(id, as('Bob', BOB))).gameState;
    expect(view.players.map((p) => p.username)).toEqual(['Alice', 'Bob']);
    expect(texts(view)).toEqual(['Alice joined the game', 'Bob joined the game']);
  });

  it('public games - a seated name without its token is taken; with it the join resumes without a second seat', async () => {
    const s = setup();
    const { id } = await pair(s);
    expect(code(await s.games.join(id, as('bob')))).toBe('username/taken');
    expect(code(await s.games.join(id, as('BOB ', ALICE)))).toBe('username/taken');
    const version = (await stored(s, id)).version;
    const resumed = value(await s.games.join(id, as('bob', BOB)));
    expect(resumed).toEqual({ gameId: id, username: 'Bob', token: BOB, asSpectator: false, isNew: false });
    const game = await stored(s, id);
    expect(game.version).toBe(version);
    expect(game.state.seats).toHaveLength(2);
  });

  it('public games - the view: own cards with the token, 403 for a seated name without it, the spectator view otherwise', async () => {
    const s = setup();
    const { id } = await playingPair(s);
    const alice = value(await s.games.view(id, as('Alice', ALICE)));
    expect(alice.asSpectator).toBe(false);
    expect(alice.gameState.you).toBe('Alice');
    const own = alice.gameState.players[0];
    expect(own?.hand.every((c) => !('hidden' in c))).toBe(true);
    expect(own?.faceDown.map((c) => c.id)).toEqual(['blind-0', 'blind-1', 'blind-2']);
    expect(own?.faceDown.every((c) => c.hidden)).toBe(true);
    const other = alice.gameState.players[1];
    expect(other?.hand.every((c) => 'hidden' in c && c.hidden)).toBe(true);
    expect(other?.hand.map((c) => c.id)).toEqual(other?.hand.map((_, n) => `hand-${n}`));

    expect(code(await s.games.view(id, as('Alice')))).toBe('seat/not_yours');
    expect(code(await s.games.view(id, as('Alice', BOB)))).toBe('seat/not_yours');
    for (const who of [as(undefined), as(''), as('Stranger'), as('Stranger', ALICE)]) {
      const seen = value(await s.games.view(id, who));
      expect(seen.asSpectator).toBe(true);
      expect(seen.gameState.you).toBeNull();
      expect(seen.gameState.playableCards).toEqual([]);
      expect(seen.gameState.players.flatMap((p) => p.hand).every((c) => 'hidden' in c)).toBe(true);
    }
    expect(code(await s.games.view('NOPE99', as(undefined)))).toBe('game/not_found');
  });

  it('public games - any seated player adds AI players while waiting, named "AI Player {n}"', async () => {
    const s = setup();
    const { id } = await pair(s);
    const first = value(await s.games.addAi(id, as('Bob', BOB)));
    expect(first.message).toBe('AI Player 1 joined the game');
    const second = value(await s.games.addAi(id, as('Alice', ALICE)));
    expect(second.message).toBe('AI Player 2 joined the game');
    expect(second.gameState.players.map((p) => [p.username, p.isAI])).toEqual([
      ['Alice', false],
      ['Bob', false],
      ['AI Player 1', true],
      ['AI Player 2', true],
    ]);
    expect(texts(second.gameState).slice(-2)).toEqual([
      'AI Player 1 (AI) joined the game',
      'AI Player 2 (AI) joined the game',
    ]);
    // Nobody may act as an AI seat, and a name alone proves nothing.
    expect(code(await s.games.addAi(id, as('AI Player 1')))).toBe('seat/not_yours');
    expect(code(await s.games.addAi(id, as('Alice')))).toBe('seat/not_yours');
    expect(code(await s.games.addAi(id, as('  ')))).toBe('username/required');
    expect(code(await s.games.join(id, as('ai player 1')))).toBe('username/taken');
    value(await s.games.addAi(id, as('Alice', ALICE)));
    value(await s.games.addAi(id, as('Alice', ALICE)));
    expect(code(await s.games.addAi(id, as('Alice', ALICE)))).toBe('seat/full');
  });

  it('public games - start needs 2 players; then setup, AI seats choose face-up by themselves, and play starts when all chose', async () => {
    const s = setup();
    const { gameId: id } = value(await s.games.enter({ username: 'Alice', token: undefined }));
    expect(code(await s.games.start(id, as('Alice', ALICE)))).toBe('start/too_few');
    value(await s.games.addAi(id, as('Alice', ALICE)));
    const started = value(await s.games.start(id, as('Alice', ALICE)));
    expect(started.message).toBe('Game has started. Select 3 cards to place face-up.');
    expect(started.gameState.status).toBe('setup');
    expect(started.gameState.mustSelectFaceUp).toBe(true);
    expect(texts(started.gameState).at(-1)).toBe('Game has started. Select 3 cards to place face-up.');
    expect(started.gameState.players[0]?.hand).toHaveLength(6);
    expect(started.gameState.deckSize).toBe(52 - 18);
    expect(code(await s.games.start(id, as('Alice', ALICE)))).toBe('game/not_waiting');
    expect(code(await s.games.addAi(id, as('Alice', ALICE)))).toBe('game/started');

    await driveAllAi(s, id);
    const mid = value(await s.games.view(id, as('Alice', ALICE))).gameState;
    expect(mid.status).toBe('setup');
    expect(mid.players[1]).toMatchObject({ username: 'AI Player 1', isReady: true });
    expect(mid.players[1]?.faceUp).toHaveLength(3);

    const hand = firstThree(mid, 'Alice');
    expect(code(await s.games.ready(id, as('Alice', ALICE), hand.slice(0, 2)))).toBe('face_up/count');
    expect(code(await s.games.ready(id, as('Alice', ALICE), [...hand.slice(0, 2), 'c999']))).toBe(
      'face_up/not_in_hand',
    );
    const ready = value(await s.games.ready(id, as('Alice', ALICE), hand));
    expect(ready.message).toBe('All players are ready. Game has started!');
    expect(ready.gameState.status).toBe('playing');
    expect(ready.gameState.players[0]?.faceUp.map((c) => c.id)).toEqual(hand);
    const current = ready.gameState.currentTurn;
    expect(texts(ready.gameState).slice(-2)).toEqual([
      'All players are ready. Game has started!',
      `It's ${current}'s turn`,
    ]);
    expect(code(await s.games.ready(id, as('Alice', ALICE), hand))).toBe('face_up/not_now');
  });

  it('public games - ready with humans still choosing answers the waiting message; the last choice starts play', async () => {
    const s = setup();
    const { id } = await pair(s);
    value(await s.games.start(id, as('Bob', BOB)));
    const aliceView = value(await s.games.view(id, as('Alice', ALICE))).gameState;
    const first = value(await s.games.ready(id, as('Alice', ALICE), firstThree(aliceView, 'Alice')));
    expect(first.message).toBe('Face-up cards chosen. Waiting for the other players.');
    expect(first.gameState.status).toBe('setup');
    expect(first.gameState.players.map((p) => p.isReady)).toEqual([true, false]);
    const bobView = value(await s.games.view(id, as('Bob', BOB))).gameState;
    const second = value(await s.games.ready(id, as('Bob', BOB), firstThree(bobView, 'Bob')));
    expect(second.gameState.status).toBe('playing');
  });

  it('public games - joining a started game makes a spectator who sees no private card and cannot play', async () => {
    const s = setup();
    const { id } = await playingPair(s);
    const joined = value(await s.games.join(id, as('Watcher')));
    expect(joined).toEqual({ gameId: id, username: 'Watcher', token: 'secret-3', asSpectator: true, isNew: true });
    const game = await stored(s, id);
    expect(game.meta.spectators).toEqual([{ name: 'Watcher', key: 'digest(secret-3)' }]);
    const view = value(await s.games.view(id, as('Watcher', 'secret-3')));
    expect(view.asSpectator).toBe(true);
    expect(view.gameState.spectators).toEqual(['Watcher']);
    expect(texts(view.gameState).at(-1)).toBe('Watcher joined as a spectator');
    const shown = new Set(strings(view.gameState));
    for (const seat of game.state.seats) {
      for (const card of [...seat.hand, ...seat.faceDown]) expect(shown.has(card.id)).toBe(false);
    }
    const watcher = as('Watcher', 'secret-3');
    expect(code(await s.games.play(id, watcher, ['c1']))).toBe('game/spectator');
    expect(code(await s.games.pickUp(id, watcher))).toBe('game/spectator');
    expect(code(await s.games.ready(id, watcher, ['c1', 'c2', 'c3']))).toBe('game/spectator');
    expect(code(await s.games.start(id, watcher))).toBe('game/spectator');
    expect(code(await s.games.addAi(id, watcher))).toBe('game/spectator');
    // Without the spectator's token the name proves nothing.
    expect(code(await s.games.chat(id, as('Watcher'), 'hi'))).toBe('seat/not_yours');
    const said = value(await s.games.chat(id, watcher, '  nice move  '));
    expect(said.message).toBe('Message sent');
    expect(said.gameState.chat.at(-1)).toMatchObject({ sender: 'Watcher', text: 'nice move', isSystem: false });
  });

  it('public games - a spectator name is taken without its token and resumed with it; leaving frees the name', async () => {
    const s = setup();
    const { id } = await playingPair(s);
    value(await s.games.join(id, as('Watcher')));
    expect(code(await s.games.join(id, as('watcher')))).toBe('username/taken');
    expect(code(await s.games.join(id, as('Alice')))).toBe('username/taken');
    const back = value(await s.games.join(id, as('watcher', 'secret-3')));
    expect(back).toMatchObject({ username: 'Watcher', asSpectator: true, isNew: false });
    const left = value(await s.games.leave(id, as('Watcher', 'secret-3')));
    expect(left.message).toBe('You left the game');
    expect(left.gameState.spectators).toEqual([]);
    expect(texts(left.gameState).at(-1)).toBe('Watcher left the game');
    expect((await stored(s, id)).meta.spectators).toEqual([]);
    expect(value(await s.games.join(id, as('Watcher'))).token).toBe('secret-4');
  });

  it('public games - a full waiting game seats newcomers as spectators', async () => {
    const s = setup();
    const { id } = await pair(s);
    for (let n = 0; n < 4; n++) value(await s.games.addAi(id, as('Alice', ALICE)));
    const late = value(await s.games.join(id, as('Latecomer')));
    expect(late.asSpectator).toBe(true);
    expect((await stored(s, id)).state.seats).toHaveLength(6);
  });

  it('public games - leaving a waiting game frees the seat and its token; the name may join again', async () => {
    const s = setup();
    const { id } = await pair(s);
    const left = value(await s.games.leave(id, as('Bob', BOB)));
    expect(left.gameState.players.map((p) => p.username)).toEqual(['Alice']);
    expect(left.gameState.you).toBeNull();
    expect(texts(left.gameState).at(-1)).toBe('Bob left the game');
    const game = await stored(s, id);
    expect(game.meta.keys).toEqual({ p1: `digest(${ALICE})` });
    expect(code(await s.games.chat(id, as('Bob', BOB), 'hello?'))).toBe('seat/not_yours');
    const again = value(await s.games.join(id, as('Bob')));
    expect(again).toMatchObject({ asSpectator: false, isNew: true, token: 'secret-3' });
  });

  it('public games - the last human leaving a waiting game takes it off the list', async () => {
    const s = setup();
    const { gameId: id } = value(await s.games.enter({ username: 'Alice', token: undefined }));
    value(await s.games.addAi(id, as('Alice', ALICE)));
    expect(await s.games.list()).toHaveLength(1);
    value(await s.games.leave(id, as('Alice', ALICE)));
    expect(await s.games.list()).toEqual([]);
  });

  it('public games - leaving a game in play keeps the seat; joining again with the token returns to it', async () => {
    const s = setup();
    const { id } = await playingPair(s);
    const left = value(await s.games.leave(id, as('Bob', BOB)));
    expect(left.gameState.players[1]).toMatchObject({ username: 'Bob', hasLeft: true });
    expect(left.gameState.you).toBe('Bob');
    expect((await stored(s, id)).meta.keys.p2).toBe(`digest(${BOB})`);
    expect(code(await s.games.join(id, as('Bob')))).toBe('username/taken');
    const back = value(await s.games.join(id, as('Bob', BOB)));
    expect(back).toMatchObject({ asSpectator: false, isNew: false });
    const view = value(await s.games.view(id, as('Bob', BOB))).gameState;
    expect(view.players[1]?.hasLeft).toBe(false);
    expect(texts(view).slice(-2)).toEqual(['Bob left the game', 'Bob rejoined the game']);
  });

  it('public games - chat is trimmed, refused when empty or over 500 characters, and keeps the last 200 lines', async () => {
    const s = setup();
    const { id } = await pair(s);
    expect(code(await s.games.chat(id, as('Alice', ALICE), '   '))).toBe('chat/empty');
    expect(code(await s.games.chat(id, as('Alice', ALICE), 'x'.repeat(501)))).toBe('chat/too_long');
    expect(code(await s.games.chat(id, as('Alice'), 'hi'))).toBe('seat/not_yours');
    value(await s.games.chat(id, as('Alice', ALICE), ` ${'x'.repeat(500)} `));
    for (let n = 0; n < PUBLIC_CHAT_KEEP; n++) value(await s.games.chat(id, as('Bob', BOB), `line ${n}`));
    const view = value(await s.games.view(id, as(undefined))).gameState;
    expect(view.chat).toHaveLength(PUBLIC_CHAT_KEEP);
    expect(view.chat[0]?.text).toBe('line 0');
    expect(view.chat.at(-1)).toMatchObject({ sender: 'Bob', text: `line ${PUBLIC_CHAT_KEEP - 1}`, isSystem: false });
    expect((await stored(s, id)).meta.chatSeq).toBe(2 + 1 + PUBLIC_CHAT_KEEP);
  });

  it('public games - turns: not your turn is refused; the pile is shown top first; plays and pick-ups answer a sentence', async () => {
    const s = setup();
    const { id } = await playingPair(s);
    let view = value(await s.games.view(id, as('Alice', ALICE))).gameState;
    const mover = view.currentTurn === 'Alice' ? as('Alice', ALICE) : as('Bob', BOB);
    const waiter = view.currentTurn === 'Alice' ? as('Bob', BOB) : as('Alice', ALICE);
    expect(code(await s.games.pickUp(id, waiter))).toBe('turn/not_your_turn');
    expect(code(await s.games.play(id, waiter, ['c1']))).toBe('turn/not_your_turn');
    view = value(await s.games.view(id, mover)).gameState;
    expect(code(await s.games.pickUp(id, mover))).toBe('pick_up/empty');
    expect(code(await s.games.play(id, mover, []))).toBe('play/empty');
    const first = view.playableCards[0] as string;
    const played = value(await s.games.play(id, mover, [first]));
    expect(played.message).toMatch(/^You played (10|[2-9JQKA])[♥♦♣♠]/);
    expect(played.gameState.pile[0]?.id).toBe(first);
    const game = await stored(s, id);
    expect(played.gameState.pile.map((c) => c.id)).toEqual([...game.state.pile].reverse().map((c) => c.id));
    expect(played.gameState.pileSize).toBe(game.state.pile.length);
  });

  it('public games - a whole game with an AI to a winner: turn lines, the game-over line, standings, off the list', async () => {
    const s = setup();
    const { id } = await pair(s);
    value(await s.games.addAi(id, as('Alice', ALICE)));
    value(await s.games.start(id, as('Alice', ALICE)));
    const humans = [as('Alice', ALICE), as('Bob', BOB)];
    for (const human of humans) {
      const view = value(await s.games.view(id, human)).gameState;
      value(await s.games.ready(id, human, firstThree(view, human.username as string)));
    }
    await driveAllAi(s, id);
    let state = value(await s.games.view(id, as(undefined))).gameState;
    for (let step = 0; step < 3000 && state.status !== 'finished'; step++) {
      expect(state.status).toBe('playing');
      const human = humans.find((h) => h.username === state.currentTurn);
      if (human === undefined) {
        await driveAi(s);
      } else {
        const own = value(await s.games.view(id, human)).gameState;
        const [cardId] = own.playableCards;
        if (cardId === undefined) value(await s.games.pickUp(id, human));
        else value(await s.games.play(id, human, [cardId]));
      }
      state = value(await s.games.view(id, as(undefined))).gameState;
    }
    expect(state.status).toBe('finished');
    expect(state.winner).not.toBeNull();
    expect(state.currentTurn).toBeNull();
    expect(state.standings?.[0]).toMatchObject({ username: state.winner, place: 1, cardsLeft: 0 });
    expect(state.standings).toHaveLength(3);
    expect(texts(state).at(-1)).toBe(`Game over! ${state.winner} wins!`);
    expect(texts(state).some((t) => /^It's (Alice|Bob|AI Player 1)'s turn$/.test(t))).toBe(true);
    expect(await s.games.list()).toEqual([]);
    expect(code(await s.games.play(id, as('Alice', ALICE), ['c1']))).toBe('game/over');
    // A late spectator still sees the result; a player's leave changes nothing.
    expect(value(await s.games.join(id, as('Latecomer'))).asSpectator).toBe(true);
    const version = (await stored(s, id)).version;
    expect(value(await s.games.leave(id, as('Alice', ALICE))).message).toBe('You left the game');
    expect((await stored(s, id)).version).toBe(version);
  });

  it('public games - the AI timer survives a restart: a new service on the same store re-arms it', async () => {
    const s = setup();
    const { gameId: id } = value(await s.games.enter({ username: 'Alice', token: undefined }));
    value(await s.games.addAi(id, as('Alice', ALICE)));
    value(await s.games.start(id, as('Alice', ALICE)));
    // Another process on the same store, its clock where the first one's is.
    const restarted = setup(new SequentialIds(), s.store);
    restarted.clock.advance(s.clock.now() - restarted.clock.now());
    expect(await restarted.games.rearm()).toBe(1);
    expect(restarted.scheduler.dueAt(id)).toBe(s.clock.now() + PUBLIC_AI_DELAY_MS);
    await driveAi(restarted);
    const game = await stored(s, id);
    expect(game.state.seats[1]?.ready).toBe(true);
  });
});
