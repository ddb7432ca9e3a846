import { seatCookieName } from '@palace/adapter-http';
import type { SimpleGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { Browser, cheapestPlay, expectMessage, ownHandIds, playerNamed } from './simple-rest-client.js';

/** Refusals of the simple REST game over HTTP: status and exact `{ "message": … }`, never a 500. */

const NOT_YOURS = 'You are not playing as that user in this game';
const ACTIONS: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['add-ai', {}],
  ['select-faceup', { cards: ['c1', 'c2', 'c3'] }],
  ['play-card', { card: 'c1' }],
  ['pickup-pile', {}],
  ['chat', { message: 'hi' }],
  ['leave', {}],
];

const ORDER = ['3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K', 'A'];

/** The viewer's highest ordinary playable card (no 2 or 10), to leave a pile others cannot beat. */
function dearestPlay(state: SimpleGameState): string | null {
  const me = playerNamed(state, state.you ?? '');
  const value = new Map(me.hand.flatMap((c) => ('symbol' in c ? [[c.id, ORDER.indexOf(c.value)] as const] : [])));
  const ordinary = state.playableCards.filter((id) => (value.get(id) ?? -1) >= 0);
  return ordinary.sort((a, b) => (value.get(b) ?? 0) - (value.get(a) ?? 0))[0] ?? cheapestPlay(state);
}

describe('simple REST game refusals over HTTP', () => {
  const served = useServer();

  /** Alice starts a game and Bob joins, each in their own browser. */
  async function pair() {
    const { server } = served();
    const alice = new Browser(server.base, 'Alice');
    const bob = new Browser(server.base, 'Bob');
    const { gameId } = await alice.seated();
    await bob.seated(gameId);
    return { server, alice, bob, gameId };
  }

  /** Both choose their first 3 hand cards: the game starts. */
  async function started() {
    const game = await pair();
    for (const player of [game.alice, game.bob]) {
      const hand = ownHandIds(await player.state(game.gameId), player.username);
      await player.done(game.gameId, 'select-faceup', { cards: hand.slice(0, 3) });
    }
    return game;
  }

  it('simple REST - usernames: required, at most 20 characters, and within the schema limit', async () => {
    const { server } = served();
    const nobody = new Browser(server.base, '');
    expectMessage(await nobody.join(undefined, ''), 400, 'Username is required');
    expectMessage(await nobody.join(undefined, '   '), 400, 'Username is required');
    expectMessage(await nobody.join(undefined, 'x'.repeat(21)), 400, 'Username must be at most 20 characters');
    expectMessage(await nobody.join(undefined, 'x'.repeat(201)), 400);
    expect(nobody.jar.all()).toEqual([]);
    expect((await nobody.join(undefined, ` ${'x'.repeat(20)} `)).status).toBe(200);
  });

  it('simple REST - an unknown game answers 404 for GET, join and every action', async () => {
    const { server } = served();
    const carol = new Browser(server.base, 'Carol');
    for (const id of ['NOGAME', 'nogame']) {
      expectMessage(await carol.view(id), 404, 'Game not found');
      expectMessage(await carol.view(id, null), 404, 'Game not found');
      expectMessage(await carol.join(id), 404, 'Game not found');
      expectMessage(await carol.rejoin(id), 404, 'Game not found');
      for (const [action, body] of ACTIONS) expectMessage(await carol.act(id, action, body), 404, 'Game not found');
    }
  });

  it('simple REST - a seated name without its cookie, or with another seat’s cookie, is refused with 403', async () => {
    const { server, alice, bob, gameId } = await pair();
    const before = await alice.state(gameId);
    const mallory = new Browser(server.base, 'Alice');
    // No cookie at all: GET and every action.
    expectMessage(await mallory.view(gameId), 403, NOT_YOURS);
    for (const [action, body] of ACTIONS) expectMessage(await mallory.act(gameId, action, body), 403, NOT_YOURS);
    // Bob's browser, with Bob's cookie, asking as Alice.
    const asAlice = new Browser(server.base, 'Alice');
    for (const cookie of bob.jar.all()) asAlice.jar.add(cookie);
    expectMessage(await asAlice.view(gameId), 403, NOT_YOURS);
    // Bob's token under Alice's cookie name.
    const forged = new Browser(server.base, 'Alice');
    const bobs = bob.jar.all()[0];
    if (bobs === undefined) throw new Error('Bob has no cookie');
    forged.jar.add({ ...bobs, name: seatCookieName(gameId, 'Alice') });
    expectMessage(await forged.view(gameId), 403, NOT_YOURS);
    for (const [action, body] of ACTIONS) expectMessage(await forged.act(gameId, action, body), 403, NOT_YOURS);
    // Alice's own cookie of another game, carried to this one.
    const elsewhere = new Browser(server.base, 'Alice');
    const other = await elsewhere.seated();
    const stray = elsewhere.jar.all()[0];
    if (stray === undefined) throw new Error('no cookie');
    forged.jar.add({ ...stray, path: `/api/simple-game/${gameId}` });
    expectMessage(await forged.view(gameId), 403, NOT_YOURS);
    expect(other.gameId).not.toBe(gameId);
    // None of the refusals changed anything.
    expect(await alice.state(gameId)).toEqual(before);
    // The AI's name is not anyone's to use either.
    await alice.done(gameId, 'add-ai');
    expectMessage(await new Browser(server.base, 'AI Player 1').view(gameId), 403, NOT_YOURS);
    // A name nobody holds, or none, sees what a stranger sees.
    const strangers = [(await mallory.view(gameId, null)).body, (await mallory.view(gameId, 'Zed')).body];
    for (const got of strangers) expect(got.gameState.players).toHaveLength(3);
    for (const got of strangers) expect(got.gameState.you).toBeNull();
  });

  it('simple REST - a taken name (any case) answers 409; a started or full game refuses a new player', async () => {
    const { server, gameId } = await pair();
    for (const name of ['Bob', 'bob', ' BOB ']) {
      const other = new Browser(server.base, name);
      expectMessage(await other.join(gameId), 409, 'That username is already taken in this game');
      expectMessage(await other.rejoin(gameId), 409, 'That username is already taken in this game');
      expect(other.jar.all()).toEqual([]);
    }
    await new Browser(server.base, 'Carol').seated(gameId);
    await new Browser(server.base, 'Dave').seated(gameId);
    expectMessage(await new Browser(server.base, 'Erin').join(gameId), 409, 'This game is full');
    const playing = await started();
    expectMessage(await new Browser(server.base, 'Erin').join(playing.gameId), 409, 'The game has already started');
    expectMessage(await playing.alice.act(playing.gameId, 'add-ai'), 409, 'The game has already started');
  });

  it('simple REST - face-up selection: exactly 3 cards from the hand, once', async () => {
    const { alice, gameId } = await pair();
    const hand = ownHandIds(await alice.state(gameId), 'Alice');
    const twoCards = { cards: hand.slice(0, 2) };
    expectMessage(await alice.act(gameId, 'select-faceup', twoCards), 400, 'You must select exactly 3 cards');
    const fourCards = { cards: hand.slice(0, 4) };
    expectMessage(await alice.act(gameId, 'select-faceup', fourCards), 400, 'You must select exactly 3 cards');
    const notMine = { cards: [...hand.slice(0, 2), 'nope'] };
    expectMessage(await alice.act(gameId, 'select-faceup', notMine), 400, 'Choose your face-up cards from your hand');
    await alice.done(gameId, 'select-faceup', { cards: hand.slice(0, 3) });
    expectMessage(
      await alice.act(gameId, 'select-faceup', { cards: hand.slice(3, 6) }),
      409,
      'You have already chosen your face-up cards',
    );
  });

  it('simple REST - out of turn 409, a too-low card 400, nothing selected 400', async () => {
    const { alice, bob, gameId } = await started();
    const first = await alice.state(gameId);
    const [mover, waiter] = first.currentTurn === 'Alice' ? [alice, bob] : [bob, alice];
    const waiting = await waiter.state(gameId);
    const card = ownHandIds(waiting, waiter.username)[0];
    expectMessage(await waiter.act(gameId, 'play-card', { card }), 409, 'Wait for your turn to play');
    expectMessage(await waiter.act(gameId, 'pickup-pile'), 409, 'Wait for your turn to play');
    expectMessage(await mover.act(gameId, 'play-card', {}), 400, 'Please select a card to play');
    expectMessage(await mover.act(gameId, 'pickup-pile'), 400, 'There are no cards to pick up');
    // Play high until someone holds a card that may not go on the pile, then try it.
    for (let turn = 0; turn < 200; turn++) {
      const state = await alice.state(gameId);
      const player = state.currentTurn === 'Alice' ? alice : bob;
      const view = await player.state(gameId);
      const low = ownHandIds(view, player.username).find((id) => !view.playableCards.includes(id));
      if (low !== undefined && view.pileCount > 0) {
        expectMessage(
          await player.act(gameId, 'play-card', { card: low }),
          400,
          "You can't play this card on the current pile",
        );
        expect((await player.state(gameId)).lastUpdate).toBe(view.lastUpdate);
        return;
      }
      const play = dearestPlay(view);
      await (play === null ? player.done(gameId, 'pickup-pile') : player.done(gameId, 'play-card', { card: play }));
    }
    throw new Error('nobody ever held a card too low to play');
  });

  it('simple REST - chat: empty or too long is refused', async () => {
    const { alice, gameId } = await pair();
    expectMessage(await alice.act(gameId, 'chat', { message: '' }), 400, 'Message cannot be empty');
    expectMessage(await alice.act(gameId, 'chat', { message: '  \n ' }), 400, 'Message cannot be empty');
    expectMessage(
      await alice.act(gameId, 'chat', { message: 'x'.repeat(501) }),
      400,
      'Message must be at most 500 characters',
    );
    expect((await alice.done(gameId, 'chat', { message: 'x'.repeat(500) })).chat.at(-1)?.text).toHaveLength(500);
  });

  it('simple REST - bad JSON, wrong types and missing fields answer 400 with a message', async () => {
    const { alice, gameId } = await pair();
    const base = `/api/simple-game/${gameId}`;
    expectMessage(await alice.post('/api/simple-game/join', '{"username":'), 400, 'The request body is not valid JSON');
    expectMessage(await alice.post(`${base}/play-card`, 'not json'), 400, 'The request body is not valid JSON');
    expectMessage(await alice.post('/api/simple-game/join', {}), 400, 'username is required');
    expectMessage(await alice.post('/api/simple-game/join', { username: { name: 'x' } }), 400);
    expectMessage(await alice.post('/api/simple-game/join', { username: 'Zoe', gameId: ['A', 'B'] }), 400);
    expectMessage(await alice.post(`${base}/select-faceup`, { username: 'Alice', cards: { a: 1 } }), 400);
    expectMessage(await alice.post(`${base}/select-faceup`, { username: 'Alice' }), 400, 'cards is required');
    expectMessage(await alice.post(`${base}/play-card`, { username: 'Alice', card: { value: 'K' } }), 400);
    expectMessage(await alice.post(`${base}/chat`, { username: 'Alice', message: { text: 'hi' } }), 400);
    expectMessage(await alice.post(`${base}/chat`, 'null'), 400);
    // An id past the router's default 100 characters still reaches the schema: 400 with a message, not 414.
    expectMessage(await alice.view('X'.repeat(300)), 400);
    expectMessage(await alice.post(`${base}/pickup-pile`, ''), 400);
  });
});
