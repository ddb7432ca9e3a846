import { type AiLevel, type Command, PRESETS, type Rules, type TableOptions, tableOptions } from '@palace/core';
import { MAIN_DEFAULT_RULES, type MainRules } from '@palace/protocol';
import type { User } from '../accounts/account-ports.js';
import type { NewGame } from '../new-game.js';
import { userSeatId } from '../seat-proofs.js';
import type { CreateInput, MainMeta, MainSeatMeta, MainTournamentMeta } from './main-meta.js';
import { seatMeta } from './main-seating.js';

/**
 * What a new main game is, before `GameService.create` stores it: a player's game (`create`) or a
 * tournament table (`createTable`). Both deal as the main game always does (face-up cards chosen,
 * the game starts once every seat has chosen) and start with no chat, action or times.
 */

/** A new main game as `GameService.create` takes it, but for its id, seed and AI delay. */
export type MainOpening = Pick<NewGame<MainMeta>, 'options' | 'meta' | 'initial'>;

/** What a tournament table is opened with (`MainGames.createTable`). */
export interface TableInput {
  readonly id: string;
  readonly seed: string;
  readonly name: string;
  readonly host: { readonly userId: number; readonly username: string };
  readonly players: ReadonlyArray<{
    readonly userId: number;
    readonly username: string;
    readonly avatar: string | null;
    readonly ai: AiLevel | null;
  }>;
  readonly tournament: MainTournamentMeta;
}

/**
 * A player's game: `settings` as checked, the rules asked for over the main game's defaults (the
 * classic preset for the rest), `user` hosting it from its first seat (having paid `paid`), then
 * the `computers`' seats.
 */
export function playerGame(
  user: User,
  settings: { readonly name: string; readonly playerLimit: number; readonly entryFee: number },
  input: CreateInput,
  paid: number,
  computers: readonly Command[],
): MainOpening {
  const { name, playerLimit, entryFee } = settings;
  const rules: MainRules = { ...MAIN_DEFAULT_RULES, ...input.rules };
  const seat = userSeatId(user);
  return {
    options: mainOptions({ ...PRESETS.classic.rules, ...rules }, playerLimit),
    meta: {
      name,
      gameCode: input.gameCode?.trim() || null,
      isPrivate: input.isPrivate ?? false,
      // A bot's own game is one bots may join (docs/bots.md).
      allowBots: user.isBot || (input.allowBots ?? false),
      playerLimit,
      entryFee,
      rules,
      hostId: user.id,
      hostName: user.username,
      hostAvatar: user.avatar,
      seats: { [seat]: seatMeta(user, paid) },
      ...unplayed(),
    },
    // The creator first (the host's seat), then the computer players asked for.
    initial: () => ({ commands: [{ type: 'sit', seat, name: user.username, ai: null }, ...computers] }),
  };
}

/**
 * A tournament table (docs/tournaments.md): every player seated in the order given (`ai`: a
 * simulated entrant the AI plays), the tournament preset's rules, no fee and no prize of its own.
 */
export function tournamentTable(input: TableInput): MainOpening {
  const preset = PRESETS[input.tournament.preset].rules;
  const rules: MainRules = {
    clearWithTens: preset.clearWithTens,
    sevenLower: preset.sevenLower,
    burnFourOfAKind: preset.burnFourOfAKind,
    mustPlayAllSameValue: preset.mustPlayAllSameValue,
  };
  const seats: Record<string, MainSeatMeta> = {};
  for (const p of input.players) {
    seats[String(p.userId)] = { userId: p.userId, username: p.username, avatar: p.avatar, paid: 0 };
  }
  return {
    options: mainOptions(preset, input.players.length),
    meta: {
      name: input.name,
      gameCode: null,
      isPrivate: false,
      allowBots: false,
      playerLimit: input.players.length,
      entryFee: 0,
      rules,
      hostId: input.host.userId,
      hostName: input.host.username,
      hostAvatar: null,
      seats,
      ...unplayed(),
      tournament: input.tournament,
    },
    initial: () => ({
      commands: input.players.map(
        (p): Command => ({ type: 'sit', seat: String(p.userId), name: p.username, ai: p.ai }),
      ),
    }),
  };
}

/** A main game's table: `rules` with face-up cards chosen, `seats` seats, started by the last choice (no ready step). */
function mainOptions(rules: Rules, seats: number): TableOptions {
  return tableOptions({
    rules: { ...rules, chooseFaceUp: true },
    flow: 'auto',
    maxSeats: seats,
    startNeedsReady: false,
  });
}

/** The variant data of a game not played yet: no chat, no action, no times, not cancelled. */
function unplayed(): Pick<
  MainMeta,
  'chat' | 'chatSeq' | 'lastAction' | 'startedAt' | 'finishedAt' | 'cancelled' | 'lastChange'
> {
  return {
    chat: [],
    chatSeq: 0,
    lastAction: null,
    startedAt: null,
    finishedAt: null,
    cancelled: false,
    lastChange: 'state',
  };
}
