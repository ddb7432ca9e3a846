import { viewFor } from '@palace/core';
import type { MainChatMessage, MainGameState, MainPlayer, RecentGame, TableOfTournament } from '@palace/protocol';
import type { StoredGame } from '../ports.js';
import { seatPresence } from '../presence-clock.js';
import { rematchView } from '../rematch.js';
import { seatClockOf } from '../seat-clock.js';
import { isAway, turnDeadline } from '../seat-view.js';
import { handCards, mainCard, masked } from '../wire-cards.js';
import { isComputerSeat, potOf } from './main-computers.js';
import { mainHintsView } from './main-hints.js';
import type { MainChatEntry, MainMeta } from './main-meta.js';

/** ms since the epoch → ISO 8601. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function mainChatMessage(gameId: string, entry: MainChatEntry): MainChatMessage {
  return {
    id: entry.id,
    gameId: Number(gameId),
    userId: entry.userId,
    username: entry.username,
    avatar: entry.avatar,
    message: entry.message,
    timestamp: iso(entry.at),
  };
}

/** A finished game in a user's recent games (`duration` in ms from start to finish). */
export function recentGame(game: StoredGame<MainMeta>, won: boolean): RecentGame {
  const { meta } = game;
  const end = meta.finishedAt ?? game.updatedAt;
  return {
    id: Number(game.id),
    name: meta.name,
    hostName: meta.hostName,
    hostAvatar: meta.hostAvatar,
    timestamp: iso(end),
    result: won ? 'won' : 'lost',
    duration: Math.max(0, end - (meta.startedAt ?? game.createdAt)),
  };
}

/** Main-game status words for the engine's phases (docs/product.md §D4). */
export function mainStatus(game: StoredGame<MainMeta>): MainGameState['status'] {
  if (game.meta.cancelled || game.state.phase === 'finished') return 'completed';
  return game.state.phase === 'playing' ? 'active' : 'waiting';
}

/**
 * The main game as the user `viewerId` may see it (null: someone without a seat). Built from the
 * engine's per-viewer view, so no other player's hand, no face-down card and no deck card is in it.
 */
export function mainView(game: StoredGame<MainMeta>, viewerId: number | null): MainGameState {
  const view = viewFor(game.state, viewerId === null ? null : String(viewerId));
  const { meta } = game;
  const clock = seatClockOf(game);
  const players = view.seats.map((s): MainPlayer => {
    const who = meta.seats[s.id];
    const userId = who?.userId ?? Number(s.id);
    const isComputer = isComputerSeat(game, s.id);
    return {
      id: userId,
      username: who?.username ?? s.name,
      avatar: who?.avatar ?? null,
      isGuest: userId < 0 && !isComputer,
      isComputer,
      ...(isComputer && s.ai !== null ? { aiLevel: s.ai } : {}),
      isBot: who?.isBot ?? false,
      isHost: userId === meta.hostId,
      isReady: s.ready,
      isCurrentTurn: s.isTurn,
      handCards: handCards(s, masked),
      handCount: s.handCount,
      faceUpCards: s.faceUp.map(mainCard),
      faceDownCards: s.faceDown.map((b) => masked(b.id)),
      hasLeft: s.left,
      away: isAway(game, s.id),
      connection: isComputer ? 'connected' : seatPresence(clock, s.id),
      droppedAt: isComputer ? null : (clock.gone?.[s.id] ?? null),
    };
  });
  const prizeAmount = potOf(game);
  const last = meta.lastAction;
  const winner = view.result?.winner ?? null;
  const winnerId = winner === null ? null : (meta.seats[winner]?.userId ?? Number(winner));
  const rematch = rematchView(meta);
  return {
    id: Number(game.id),
    name: meta.name,
    status: mainStatus(game),
    isPrivate: meta.isPrivate,
    allowBots: meta.allowBots ?? false,
    hostId: meta.hostId,
    playerLimit: meta.playerLimit,
    entryFee: meta.entryFee,
    prizeAmount,
    rules: meta.rules,
    players,
    currentTurn: view.turn === null ? null : (meta.seats[view.turn]?.userId ?? Number(view.turn)),
    deck: Array.from({ length: view.deckCount }, (_, n) => masked(`deck-${n}`)),
    playedCards: view.pile.map(mainCard),
    burnedCount: view.burnedCount,
    lastAction:
      last === null
        ? null
        : {
            type: last.type,
            playerId: last.userId,
            username: players.find((p) => p.id === last.userId)?.username ?? '',
            cards: last.cards.map((c) => {
              const card = mainCard(c);
              return { value: card.value, symbol: card.symbol };
            }),
            guestWinner: last.type === 'game_over' && players.some((p) => p.id === last.userId && p.isGuest),
            // A bot or a computer player takes no prize (docs/bots.md, docs/product.md §D13).
            prizeAmount:
              last.type === 'game_over' && !players.some((p) => p.id === last.userId && (p.isBot || p.isComputer))
                ? prizeAmount
                : 0,
            timestamp: iso(last.at),
          },
    winnerId,
    playableCards: [...view.hints.playable],
    canPickUp: view.hints.canPickUp,
    mustChooseFaceUp: view.hints.mustChooseFaceUp,
    chatMessages: meta.chat.map((m) => mainChatMessage(game.id, m)),
    turnDeadline: turnDeadline(game),
    commitment: game.commitment,
    createdAt: iso(game.createdAt),
    startedAt: meta.startedAt === null ? null : iso(meta.startedAt),
    finishedAt: meta.finishedAt === null ? null : iso(meta.finishedAt),
    rematch: rematch === null ? null : { gameId: Number(rematch.gameId), offeredBy: rematch.offeredBy },
    watchers: meta.watchers?.length ?? 0,
    tournament: tableOfTournament(meta),
    ...mainHintsView(game, viewerId),
    ...(meta.daily === undefined ? {} : { daily: { date: meta.daily.date } }),
  };
}

/** Where a tournament table belongs, as its room and the lobby show it, or null for another game. */
export function tableOfTournament(meta: MainMeta): TableOfTournament | null {
  const of = meta.tournament;
  return of === undefined ? null : { id: of.id, name: of.name, round: of.round, rounds: of.rounds, table: of.table };
}
