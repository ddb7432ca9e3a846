import { type AiLevel, err, ok, type Result, ruleError } from '@palace/core';
import { type HintAnswer, MAIN_CHAT_MAX, type RecentGame } from '@palace/protocol';
import type { TokensStore, User } from '../accounts/account-ports.js';
import type { Change, ServicePorts } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { offerRematch } from '../rematch.js';
import { userSeat, userSeatId } from '../seat-proofs.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { GameListener } from '../variant-games.js';
import { addComputerPlan, computerLevels, removeComputerPlan } from './main-computers.js';
import { type Answer, MAIN_KIND, MainGameBase, type MainGamesOptions } from './main-game-base.js';
import { mainHintPlan } from './main-hints.js';
import { chatPlan, type MainChatEntry, type MainMeta, mainGameId, sameSettings } from './main-meta.js';
import { joinPlan, short } from './main-seating.js';
import { recentGame } from './main-view.js';
import { isWatching, unwatchPlan, watchPlan } from './main-watchers.js';

export { MAIN_KIND } from './main-game-base.js';
/** How many finished games `recent` lists. */
export const MAIN_RECENT_LIMIT = 20;

export type MainListener = GameListener<MainMeta>;

/**
 * The main real-time game (docs/product.md §P1): signed-in players (guests included) create and join games by
 * user id, pay entry fees from their token balance, choose face-up cards (which counts as ready),
 * play, chat, and the winner takes the pot. Every token movement is booked in the same write as
 * the game change that causes it (see `effects`).
 */
export class MainGames extends MainGameBase {
  constructor(ports: ServicePorts & { readonly tokens: TokensStore }, options: MainGamesOptions = {}) {
    super(ports, options);
  }

  /**
   * Takes a seat in a waiting game (paying the fee), or returns the player to their own seat in a
   * game in play. A finished game, a started game without a seat, or a full one are refused.
   */
  async join(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const seat = userSeatId(user);
    let fee = 0;
    const joined = await this.games.change(id, (game) => {
      const planned = joinPlan(game, user, seat);
      if (!planned.ok) return planned;
      fee = planned.value.fee;
      return ok(planned.value.change);
    });
    if (!joined.ok && joined.error.code === 'tokens/short') {
      return err(short(fee - (await this.ports.tokens.balance(user.id)), 'join'));
    }
    // A player back at the table (a join or a rejoin) is no longer away.
    return joined.ok ? ok(await this.games.seen(joined.value.game, seat)) : joined;
  }

  /**
   * After game over, any of its players offers a rematch — a new game with the same name, code,
   * privacy, table size, fee and rules, the asker seated (paying the fee) — or joins the one
   * another player offered (docs/product.md §D11 rematch). Refused before the end and for a user
   * without a seat in the game.
   */
  async rematch(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    return offerRematch(this.games, this.ports.clock, id, {
      prove: (game) => {
        // A tournament seats its next round itself (docs/tournaments.md).
        if (game.meta.tournament !== undefined) return err(serviceError('rematch/tournament'));
        // One daily deal a day (docs/daily.md).
        if (game.meta.daily !== undefined) return err(serviceError('rematch/daily'));
        const seat = userSeat(game.state, user);
        return seat.ok ? ok({ who: user, mayOffer: true, name: user.username }) : seat;
      },
      open: (next, _, old) => this.create(user, sameSettings(old.meta, computerLevels(old)), next),
      enter: (next) => this.join(user, next),
    });
  }

  /**
   * Watches game `rawId` without a seat (docs/product.md §D11 watching): the user is counted among
   * its watchers (everyone sees the count) and sees it as a stranger would. A player of the game
   * watches it as a player (not counted). Any game but a cancelled one; a private one too, by its id
   * (its invitation link): the lobby lists only public ones to watch.
   */
  async watch(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const changed = await this.games.change(id, (game) => watchPlan(game, user));
    return changed.ok ? ok(changed.value.game) : changed;
  }

  /** Stops watching game `rawId`: the game without the user among its watchers, or null when they were not one. */
  async unwatch(user: User, rawId: number | string): Answer<StoredGame<MainMeta> | null> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    let was = false;
    const changed = await this.games.change(id, (game) => {
      was = isWatching(game, user);
      return ok(unwatchPlan(game, user));
    });
    if (!changed.ok) return changed;
    return ok(was ? changed.value.game : null);
  }

  /** Leaves: a waiting game frees the seat and refunds the fee; in play the seat stays. */
  async leave(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'leave', seat }]);
  }

  /** Chooses exactly 3 face-up cards; confirming counts as ready, and the last one starts the game. */
  async chooseFaceUp(user: User, rawId: number | string, cardIds: readonly string[]): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'chooseFaceUp', seat, cardIds }]);
  }

  /** Says ready: already true once face-up cards are chosen; before that the engine explains. */
  async ready(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat, game) =>
      game.state.seats.find((s) => s.id === seat)?.ready === true ? [] : [{ type: 'ready', seat, ready: true }],
    );
  }

  async play(user: User, rawId: number | string, cardIds: readonly string[]): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'play', seat, cardIds }]);
  }

  async pickUp(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'pickUp', seat }]);
  }

  /**
   * A hint for the user's own seat on their turn (docs/product.md §D14 hint): the strong AI's move
   * for their view, counted in the game's data in the same write. Refused to a spectator, off
   * turn, and in a game that offers no hints (see `mainHintsOffered`).
   */
  async hint(user: User, rawId: number | string): Answer<HintAnswer> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const out: { hint?: HintAnswer } = {};
    const acted = await this.act(
      id,
      (game) => (game.meta.cancelled ? err(ruleError('game/over')) : userSeat(game.state, user)),
      (seat, game) => {
        const planned = mainHintPlan(game, seat.id);
        if (!planned.ok) return planned;
        out.hint = planned.value.hint;
        return ok(planned.value.change);
      },
    );
    if (!acted.ok) return acted;
    if (out.hint === undefined) throw new Error(`the hint in game ${id} was not planned`);
    return ok(out.hint);
  }

  /**
   * Adds a chat line from a seated player (trimmed, at most 500 characters; the last 200 kept).
   * An empty line is ignored: null, nothing stored.
   */
  async chat(user: User, rawId: number | string, text: string): Answer<MainChatEntry | null> {
    const message = text.trim();
    if (message === '') return ok(null);
    if (message.length > MAIN_CHAT_MAX) return err(serviceError('chat/too_long'));
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const out: { line?: MainChatEntry } = {};
    const changed = await this.games.change(id, (game) => {
      // The engine's seats, not `meta.seats`: a seat freed while waiting stays in `meta.seats`.
      const seat = userSeat(game.state, user);
      if (!seat.ok) return seat;
      const planned = chatPlan(game, user, message, this.ports.clock.now());
      out.line = planned.line;
      return ok(planned.change);
    });
    return changed.ok ? ok(out.line ?? null) : changed;
  }
  /** The host adds a computer player at `level` to a waiting game (docs/product.md §D13 computer-seats). */
  async addComputer(user: User, rawId: number | string, level: AiLevel): Answer<StoredGame<MainMeta>> {
    return this.hostChange(rawId, (game) => addComputerPlan(game, user, level));
  }

  /** The host removes computer player `playerId` from a waiting game. */
  async removeComputer(user: User, rawId: number | string, playerId: number | string): Answer<StoredGame<MainMeta>> {
    return this.hostChange(rawId, (game) => removeComputerPlan(game, user, playerId));
  }

  /** The user's finished games, most recent first (`duration` in ms from start to finish). */
  async recent(userId: number): Promise<RecentGame[]> {
    const finished = await this.ports.store.finishedBy(MAIN_KIND, userId, MAIN_RECENT_LIMIT);
    return finished.map(({ game, won }) => recentGame(game as StoredGame<MainMeta>, won));
  }

  /** Notes that a player of game `rawId` was seen (a socket message or heartbeat), for the abandoned-game sweep. */
  touch(rawId: number | string): void {
    const id = mainGameId(rawId);
    if (id !== null) this.games.touch(id);
  }
  /**
   * The user's last socket closed while they sat in game `rawId` (docs/product.md §D13 presence): the
   * seat is reconnecting for 20 s, then away (the computer plays it); a waiting game's seat is given
   * up after 2 minutes more (the creator's closes the game). Coming back (a join) undoes it.
   */
  async disconnected(user: User, rawId: number | string): Promise<void> {
    const id = mainGameId(rawId);
    if (id !== null) await this.games.gone(id, userSeatId(user));
  }

  /** The user is connected again in game `rawId` (a socket of theirs is live): their seat is theirs again. */
  async reconnected(user: User, rawId: number | string): Promise<void> {
    const id = mainGameId(rawId);
    const game = id === null ? null : await this.games.get(id);
    if (game?.ok === true) await this.games.seen(game.value, userSeatId(user));
  }

  private async hostChange(
    rawId: number | string,
    plan: (game: StoredGame<MainMeta>) => Result<Change<MainMeta>, ServiceError>,
  ): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const changed = await this.games.change(id, plan);
    return changed.ok ? ok(changed.value.game) : changed;
  }
}
