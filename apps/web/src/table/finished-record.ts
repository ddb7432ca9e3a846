import type { GameState, Standing } from '@palace/core';
import { useEffect, useState } from 'react';
import { fetchRecord, type ReplayStep, replaySteps } from '../pages/replay/replay-record.js';
import { fromEngine, type TableCard } from './cards.js';
import { type OpenCards, openTable } from './game-over-model.js';
import type { TableModel } from './model.js';
import { type LoggedMove, useMoveLog } from './move-log.js';

/**
 * What a server game's record tells once it is over (docs/web.md "The table kit": game over): every
 * seat's cards at the end (the hidden ones included), the standings, the whole move list and the
 * game's length. Seats are in seat order, the order every server view lists its players in.
 */
export interface FinishedRecord {
  readonly seats: readonly (OpenCards & {
    readonly name: string;
    readonly faceUpCount: number;
    readonly faceUp: readonly TableCard[];
  })[];
  readonly standings: readonly Standing[];
  /** The plays and pick-ups in words, oldest first. */
  readonly moves: readonly string[];
  /** Accepted plays and pick-ups (the engine's count). */
  readonly moveCount: number;
  /** From the first move of play to the last; null when the record has no move. */
  readonly minutes: number | null;
}

/** The record's summary from its replayed steps (the first is the dealt table). */
export function summarise(steps: readonly ReplayStep[], commands: readonly string[]): FinishedRecord | null {
  const final = steps.at(-1)?.state;
  if (final === undefined || final.result === null) return null;
  const moves: string[] = [];
  const times: number[] = [];
  steps.forEach((step, i) => {
    const command = commands[i - 1];
    if (command === 'play' || command === 'pickUp') {
      moves.push(step.text);
      times.push(step.at);
    }
  });
  const first = times[0];
  const last = times.at(-1);
  return {
    seats: seatsOf(final),
    standings: final.result.standings,
    moves,
    moveCount: final.moves,
    minutes: first === undefined || last === undefined ? null : Math.round((last - first) / 60_000),
  };
}

function seatsOf(state: GameState): FinishedRecord['seats'] {
  return state.seats.map((s) => ({
    name: s.name,
    hand: s.hand.map(fromEngine),
    faceDown: s.faceDown.map(fromEngine),
    faceUpCount: s.faceUp.length,
    faceUp: s.faceUp.map(fromEngine),
  }));
}

/**
 * The finished game's record, fetched once `finished` turns true (`GET /api/records/{variant}/{id}`)
 * and replayed; null before, while it loads, and when it cannot be had (a tournament table's record
 * waits for its round; a network failure): the panel then shows what the live state knows.
 */
export function useFinishedRecord(variant: string, gameId: string | number, finished: boolean): FinishedRecord | null {
  const [found, setFound] = useState<FinishedRecord | null>(null);
  const id = String(gameId);
  useEffect(() => {
    setFound(null);
    if (!finished) return;
    let live = true;
    void fetchRecord(variant, id).then((got) => {
      if (!live || !got.ok) return;
      const steps = replaySteps(got.value.record);
      if (!steps.ok) return;
      const summary = summarise(
        steps.value,
        got.value.record.entries.map((e) => e.command.type),
      );
      if (live) setFound(summary);
    });
    return () => {
      live = false;
    };
  }, [variant, id, finished]);
  return found;
}

/**
 * A server game's table at its end, with what its record adds: `model` with every hidden card
 * turned over (the seats matched to the record's by seat order: `keys` are the table seats' keys in
 * seat order, null for the viewer's own), the record itself, and the moves this screen saw (the
 * move list while the record loads or when there is none).
 */
export function useFinishedTable(
  variant: string,
  gameId: string | number,
  finished: boolean,
  live: TableModel,
  keys: readonly (string | null)[],
): { readonly model: TableModel; readonly record: FinishedRecord | null; readonly seen: readonly LoggedMove[] } {
  const record = useFinishedRecord(variant, gameId, finished);
  const seen = useMoveLog(live);
  return { model: finished ? openFinished(live, record, keys) : live, record, seen };
}

/**
 * `live` with every card the record knows turned over (`keys`: the table seats' keys in seat
 * order, null for the viewer's own); `live` itself without a record or when the seats differ.
 */
export function openFinished(
  live: TableModel,
  record: FinishedRecord | null,
  keys: readonly (string | null)[],
): TableModel {
  if (record === null || record.seats.length !== keys.length) return live;
  const cards = new Map<string, OpenCards>();
  let own: OpenCards | null = null;
  for (const [i, key] of keys.entries()) {
    const seat = record.seats[i];
    if (seat === undefined) continue;
    if (key === null) own = seat;
    else cards.set(key, { hand: seat.hand, faceDown: seat.faceDown });
  }
  return openTable(live, cards, own);
}
