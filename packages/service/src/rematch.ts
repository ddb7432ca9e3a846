import { err, ok, type Result } from '@palace/core';
import type { GameService } from './game-service.js';
import type { Clock, Json, StoredGame } from './ports.js';
import { type ServiceError, serviceError } from './service-error.js';

/**
 * A finished game's rematch (docs/product.md §D11 rematch): the new game with the same settings,
 * who offered it and when. Kept in the finished game's variant data, so every viewer of the old
 * game sees the offer and its players (and a public game's spectators) join with one tap.
 */
export type RematchOffer = { readonly gameId: string; readonly by: string; readonly at: number };

/** Variant data that may carry a rematch offer (absent in games stored before rematches existed). */
export type Rematchable = { readonly [field: string]: Json; readonly rematch?: RematchOffer | null };

/** The offer of a finished game, or null. */
export function rematchOf(meta: Rematchable): RematchOffer | null {
  return meta.rematch ?? null;
}

/** Who asks, as the old game proves it. */
export interface RematchAsker<W> {
  readonly who: W;
  /** May offer a rematch (a player); a public game's spectator may only join one already offered. */
  readonly mayOffer: boolean;
  /** The name the offer shows ("{name} offered a rematch"). */
  readonly name: string;
}

/** What a variant gives the rematch: how to prove the asker, and how to open or enter the new game. */
export interface RematchSpec<M extends Rematchable, W, T> {
  /** Who the request is in the old game, or the refusal (a stranger, a wrong credential). */
  readonly prove: (game: StoredGame<M>) => Result<RematchAsker<W>, ServiceError>;
  /** Creates the new game under `id` with the old game's settings, seating the asker. */
  readonly open: (id: string, who: W, old: StoredGame<M>) => Promise<Result<T, ServiceError>>;
  /** Seats the asker in the new game `id` (already created), as a join does. */
  readonly enter: (id: string, who: W, old: StoredGame<M>) => Promise<Result<T, ServiceError>>;
}

/**
 * Offers or joins the rematch of finished game `id`: the first player to ask claims a new game id
 * in the old game (so every later ask finds the same offer), then the new game is created with the
 * same settings and the asker seated; every later ask joins it (fees charged as for any join).
 * Refused, changing nothing, for a game not finished (`rematch/not_finished`), for someone the
 * game does not prove, and for a spectator when nobody has offered yet (`rematch/not_player`).
 * If creating the new game fails (a creator short of tokens), the claim is taken back.
 */
export async function offerRematch<M extends Rematchable, W, T>(
  games: GameService<M>,
  clock: Clock,
  id: string,
  spec: RematchSpec<M, W, T>,
): Promise<Result<T, ServiceError>> {
  // What the last run of the plan found (it runs again if the write loses a race).
  const asked: { asker?: RematchAsker<W>; claimed?: RematchOffer } = {};
  const changed = await games.change(id, (game) => {
    delete asked.claimed;
    const proved = spec.prove(game);
    if (!proved.ok) return proved;
    asked.asker = proved.value;
    if (game.state.phase !== 'finished') return err(serviceError('rematch/not_finished'));
    if (rematchOf(game.meta) !== null) return ok({ commands: [] });
    if (!proved.value.mayOffer) return err(serviceError('rematch/not_player'));
    const claimed: RematchOffer = { gameId: games.newId(), by: proved.value.name, at: clock.now() };
    asked.claimed = claimed;
    return ok({ commands: [], meta: { ...game.meta, rematch: claimed } });
  });
  if (!changed.ok) return changed;
  const old = changed.value.game;
  const offer = rematchOf(old.meta);
  if (offer === null || asked.asker === undefined) return err(serviceError('game/stale'));
  const asker = asked.asker.who;
  if (await games.exists(offer.gameId)) return spec.enter(offer.gameId, asker, old);
  const opened = await spec.open(offer.gameId, asker, old);
  if (opened.ok) return opened;
  // Another asker created it a moment before: join theirs.
  if (opened.error.code === 'game/id_taken') return spec.enter(offer.gameId, asker, old);
  if (asked.claimed !== undefined) await withdraw(games, id, offer.gameId);
  return opened;
}

/** Takes back a claim whose game could not be created, so the next ask may try again. */
async function withdraw<M extends Rematchable>(games: GameService<M>, id: string, gameId: string): Promise<void> {
  await games.change(id, (game) =>
    rematchOf(game.meta)?.gameId === gameId
      ? ok({ commands: [], meta: { ...game.meta, rematch: null } })
      : ok({ commands: [] }),
  );
}

/** The offer as the wire shows it to everyone viewing the old game. */
export interface RematchView {
  readonly gameId: string;
  readonly offeredBy: string;
}

/** The wire's `rematch` of a game's view: null until somebody offers one. */
export function rematchView(meta: Rematchable): RematchView | null {
  const offer = rematchOf(meta);
  return offer === null ? null : { gameId: offer.gameId, offeredBy: offer.by };
}
