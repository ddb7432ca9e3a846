import { ok, type Result } from '@palace/core';
import type { Change, Changed, GameServiceOptions, ServicePorts } from './game-change.js';
import { GameService } from './game-service.js';
import type { Json, StoredGame } from './ports.js';
import type { ServiceError } from './service-error.js';

/**
 * What the server does with every variant alike (docs/architecture.md "Variants"): the registry in
 * apps/server iterates these, so a new variant is one module and one registry line.
 */
export interface VariantLifecycle {
  /** The variant's `kind` in the store. */
  readonly kind: string;
  /** Re-arms pending AI turns and turn clocks at boot; answers how many games. */
  rearm(): Promise<number>;
  /** Plays out abandoned games and expires waiting ones nobody joined (every minute); answers how many changed. */
  sweepIdle(): Promise<number>;
  /** Another server node changed game `id`: it is read again and published here. */
  changedElsewhere(id: string, announced?: StoredGame): Promise<unknown>;
  /** Forgets what this node cached: changes made elsewhere may have been missed. */
  forgetCaches(): void;
}

export type GameListener<M extends Json> = (game: StoredGame<M>) => void;

/** Proves who a request is in a game as it now is: a seat, a spectator, a user — or the refusal. */
export type Prove<M extends Json, W> = (game: StoredGame<M>) => Result<W, ServiceError>;

/** Decides a proven request's change from the game as it now is. */
export type Plan<M extends Json, W> = (who: W, game: StoredGame<M>) => Result<Change<M>, ServiceError>;

/** A change made for a proven request, and who made it. */
export type Acted<M extends Json, W> = Changed<M> & { readonly who: W };

/**
 * The base of every variant's service: one `GameService` for the variant's kind, the listeners
 * of its changes, the lifecycle the server runs, and the seated-action kit's `act` (prove, then
 * plan, then write, all again on a lost race). A variant adds its own requests, views and caches.
 */
export abstract class VariantGames<M extends Json> implements VariantLifecycle {
  protected readonly games: GameService<M>;
  private readonly listeners = new Set<GameListener<M>>();

  protected constructor(
    protected readonly ports: ServicePorts,
    readonly kind: string,
    options: GameServiceOptions<M>,
  ) {
    const { publisher } = ports;
    const publish = (game: StoredGame<M>): void => {
      this.noted(game);
      publisher.publish(game);
      for (const listener of this.listeners) listener(game);
    };
    this.games = new GameService<M>(
      { ...ports, publisher: { publish: (game) => publish(game as StoredGame<M>) } },
      kind,
      options,
    );
  }

  /** Calls `listener` with every accepted change of a game of this variant, AI moves included. */
  subscribe(listener: GameListener<M>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  rearm(): Promise<number> {
    return this.games.rearm();
  }

  /** See `GameService.sweepIdle`. */
  sweepIdle(): Promise<number> {
    return this.games.sweepIdle();
  }

  /** See `GameService.changedElsewhere`. */
  changedElsewhere(id: string, announced?: StoredGame): Promise<unknown> {
    return this.games.changedElsewhere(id, announced);
  }

  /** Forgets the games kept for writing (`GameService.write`); a variant's own caches go in its override. */
  forgetCaches(): void {
    this.games.forgetRecent();
  }

  /** A change of one of this variant's games is going out (before the publisher and the listeners). */
  protected noted(_game: StoredGame<M>): void {}

  /**
   * Runs a request in game `id`: `prove` says who it is in the game as it now is (or refuses),
   * `plan` decides the change; both run again if the write loses a race. `keepAiDeadline` as in
   * `GameService.change`.
   */
  protected async act<W>(
    id: string,
    prove: Prove<M, W>,
    plan: Plan<M, W>,
    keepAiDeadline = true,
  ): Promise<Result<Acted<M, W>, ServiceError>> {
    const proved: { who?: W } = {};
    const changed = await this.games.change(
      id,
      (game) => {
        const who = prove(game);
        if (!who.ok) return who;
        proved.who = who.value;
        return plan(who.value, game);
      },
      keepAiDeadline,
    );
    if (!changed.ok) return changed;
    return ok({ ...changed.value, who: proved.who as W });
  }
}
