import type { Result } from '@palace/core';
import { type ClientMessage, ClientMessages, type ServerMessage } from '@palace/protocol';
import {
  type MainGames,
  type MainMeta,
  playComputer,
  quickMatch,
  SERVICE_ERRORS,
  type ServiceError,
  type StoredGame,
} from '@palace/service';
import type { Connection } from './connection.js';
import type { Connections } from './connections.js';
import type { SentToWatchers } from './main-broadcast.js';
import { chatFrame, refusal, SOCKET_TEXTS, send, stateFor } from './main-frames.js';
import type { SocketWatchers } from './main-watchers.js';
import { messageReader } from './socket-frames.js';
import { type GameBudget, LIMIT_TEXTS } from './socket-limits.js';

const readMessage = messageReader<ClientMessage>(ClientMessages);

/** What the main socket's message handling works with. */
export interface MainDispatchParts {
  readonly games: MainGames;
  readonly connections: Connections;
  /** What was broadcast of each game: a game sent directly counts from there. */
  readonly sent: SentToWatchers;
  readonly watchers: SocketWatchers;
  /** May the client's address open a game now (`create_game`)? */
  readonly gameBudget: GameBudget;
}

/** Handles one client message of a connection, from the address `address`. */
export type MainHandler = (connection: Connection, data: unknown, isBinary: boolean, address: string) => Promise<void>;

/**
 * The main socket's messages (docs/api.md "/ws"): each is read with its schema and runs one call of
 * the main game's service for the connection's user; a refusal is a `game_error`, never a close.
 * Every message is answered: when handling sent this client nothing (an accepted action that
 * changed nothing, or one in a game this socket does not watch), the answer `act` returns goes out.
 */
export function mainDispatch(parts: MainDispatchParts): MainHandler {
  const { games, connections, sent, watchers, gameBudget } = parts;

  /** Runs one message; answers the frame that answers it if nothing else was sent (null: none due). */
  async function act(
    connection: Connection,
    data: unknown,
    isBinary: boolean,
    address: string,
  ): Promise<ServerMessage | null> {
    const read = readMessage(data, isBinary);
    if (!read.ok) return refusal(read.error);
    const { message } = read;
    if (message.type === 'ping') return { type: 'pong', timestamp: Date.now() };
    // A pong answers the server's ping: it needs no answer of its own.
    if (message.type === 'pong') return null;
    const user = connection.user;
    if (user === null) return refusal(SOCKET_TEXTS.notSignedIn);
    if (message.userId != null && Number(message.userId) !== user.id) return refusal(SOCKET_TEXTS.notYou);
    switch (message.type) {
      case 'create_game': {
        if (!(await gameBudget(address))) return refusal(LIMIT_TEXTS.tooManyGames);
        const created = await games.create(user, message.game);
        if (!created.ok) return refusal(created.error.message);
        return opened(connection, created.value, true);
      }
      case 'play_computer': {
        if (!(await gameBudget(address))) return refusal(LIMIT_TEXTS.tooManyGames);
        const created = await playComputer(games, user, message);
        if (!created.ok) return refusal(created.error.message);
        return opened(connection, created.value, true);
      }
      case 'quick_match': {
        // It may open a game: it counts toward the address's games a minute.
        if (!(await gameBudget(address))) return refusal(LIMIT_TEXTS.tooManyGames);
        const matched = await quickMatch(games, user, message);
        if (!matched.ok) return refusal(matched.error.message);
        return opened(connection, matched.value.game, matched.value.created);
      }
      case 'add_computer':
        return answered(
          connection,
          message.gameId,
          await games.addComputer(user, message.gameId, message.level ?? 'greedy'),
        );
      case 'remove_computer':
        return answered(connection, message.gameId, await games.removeComputer(user, message.gameId, message.playerId));
      case 'join_game': {
        const joined = await games.join(user, message.gameId);
        if (!joined.ok) return refusal(joined.error.message, message.gameId);
        return entered(connection, joined.value, 'join_success');
      }
      case 'offer_rematch': {
        // After game over: the rematch, offered or joined — then the player is in the new game.
        const joined = await games.rematch(user, message.gameId);
        if (!joined.ok) {
          // Sent here, not returned: the offer (and its withdrawal) went out to this socket as
          // the finished game's state meanwhile, and a returned answer is dropped once a frame was sent.
          send(connection, refusal(joined.error.message, message.gameId));
          return null;
        }
        connections.unwatch(connection, String(message.gameId));
        return entered(connection, joined.value, 'join_success');
      }
      case 'watch_game': {
        const watched = await games.watch(user, message.gameId);
        if (!watched.ok) return refusal(watched.error.message, message.gameId);
        const game = watched.value;
        if (!game.state.seats.some((s) => s.id === String(user.id))) watchers.of(connection).add(game.id);
        return entered(connection, game, 'watch_success');
      }
      case 'leave_game': {
        if (watchers.of(connection).has(String(message.gameId))) {
          // A watcher leaves the watchers: the answer is the game as a stranger now sees it.
          const after = await watchers.stop(connection, String(message.gameId));
          return after === null ? null : stateFor(connection, after);
        }
        const left = await games.leave(user, message.gameId);
        connections.unwatch(connection, String(message.gameId));
        // The answer: the game as the player now sees it (gone from a waiting game's seats).
        return left.ok ? stateFor(connection, left.value) : refusal(left.error.message, message.gameId);
      }
      case 'chat_message': {
        if (message.message.trim() === '') return refusal(SERVICE_ERRORS['chat/empty'], message.gameId);
        if (!connection.chat.allow(Date.now())) return refusal(SOCKET_TEXTS.chatTooFast);
        const said = await games.chat(user, message.gameId, message.message);
        if (!said.ok) return refusal(said.error.message, message.gameId);
        // Watchers got the line; a socket that does not watch the game gets it here.
        return said.value === null ? null : chatFrame(String(message.gameId), said.value);
      }
      case 'play_card':
        return answered(connection, message.gameId, await games.play(user, message.gameId, message.cardIds));
      case 'pickup_cards':
        return answered(connection, message.gameId, await games.pickUp(user, message.gameId));
      case 'select_faceup_cards':
        return answered(connection, message.gameId, await games.chooseFaceUp(user, message.gameId, message.cardIds));
      case 'ready':
        return answered(connection, message.gameId, await games.ready(user, message.gameId));
      case 'request_hint': {
        // To this socket only (docs/product.md §D14 hint). Sent here, not returned: the count it
        // adds goes out to the game's sockets as its state meanwhile, and a returned answer is
        // dropped once a frame was sent.
        const hinted = await games.hint(user, message.gameId);
        if (!hinted.ok) return refusal(hinted.error.message, message.gameId);
        send(connection, { type: 'hint', gameId: Number(message.gameId), ...hinted.value });
        return null;
      }
    }
  }

  /** The socket now follows `game`, opened for the player (`created`) or joined: success frames, then the game. */
  function opened(connection: Connection, game: StoredGame<MainMeta>, created: boolean): null {
    if (created) {
      send(connection, { type: 'game_create_success', gameId: Number(game.id), message: 'Game created successfully' });
    }
    return entered(connection, game, 'join_success');
  }

  /** The socket now follows `game` (joined or watched): the success frame, then the game as it sees it. */
  function entered(
    connection: Connection,
    game: StoredGame<MainMeta>,
    success: 'join_success' | 'watch_success',
  ): null {
    const dropped = connections.watch(connection, game.id);
    // Past the socket's bound: a game it only watched is left as a watcher too (best effort: if
    // that fails, the socket's close leaves it).
    if (dropped !== null && watchers.of(connection).has(dropped)) {
      watchers.stop(connection, dropped).catch(() => undefined);
    }
    sent.saw(game);
    send(connection, { type: success, gameId: Number(game.id) });
    send(connection, stateFor(connection, game));
    return null;
  }

  /** A refused action gets a `game_error`; an accepted one is broadcast, else answered with its state. */
  function answered(
    connection: Connection,
    gameId: number | string,
    result: Result<StoredGame<MainMeta>, ServiceError>,
  ): ServerMessage {
    return result.ok ? stateFor(connection, result.value) : refusal(result.error.message, gameId);
  }

  return async (connection, data, isBinary, address) => {
    const before = connection.framesSent;
    const answer = await act(connection, data, isBinary, address);
    if (answer !== null && connection.framesSent === before) send(connection, answer);
  };
}
