import {
  err,
  isPresetName,
  ok,
  PRESETS,
  type PresetName,
  policyNames,
  type Result,
  RULE_NAMES,
  type Rules,
  type SimulationOptions,
  type SimulationReport,
} from '@palace/core';
import Table from 'cli-table3';

/** A parsed `palace simulate` command line. */
export interface SimulateArgs {
  readonly options: SimulationOptions;
  readonly preset: PresetName;
  /** The `--rule` overrides, as given. */
  readonly overrides: Partial<Rules>;
  readonly json: boolean;
}

/** The defaults of `palace simulate`. */
export const SIMULATE_DEFAULTS = {
  games: 100,
  players: 2,
  preset: 'classic',
  ai: 'greedy,random',
  seed: 'palace',
} as const;

/** The raw option values `node:util` parseArgs gives for `palace simulate`. */
export interface SimulateFlags {
  readonly games?: string | undefined;
  readonly players?: string | undefined;
  readonly preset?: string | undefined;
  readonly rule?: readonly string[] | undefined;
  readonly ai?: string | undefined;
  readonly seed?: string | undefined;
  readonly duplicate?: boolean | undefined;
  readonly json?: boolean | undefined;
}

function isRuleName(name: string): name is keyof Rules {
  return (RULE_NAMES as readonly string[]).includes(name);
}

function wholeNumber(text: string, flag: string): Result<number, string> {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && Number.isSafeInteger(n)
    ? ok(n)
    : err(`${flag} must be a whole number, got "${text}"`);
}

/** Checks the flags (usage errors as messages); policy names and ranges are checked by core's `simulate`. */
export function simulateArgs(flags: SimulateFlags): Result<SimulateArgs, string> {
  const games = wholeNumber(flags.games ?? String(SIMULATE_DEFAULTS.games), '--games');
  if (!games.ok) return games;
  const players = wholeNumber(flags.players ?? String(SIMULATE_DEFAULTS.players), '--players');
  if (!players.ok) return players;
  const preset = flags.preset ?? SIMULATE_DEFAULTS.preset;
  if (!isPresetName(preset)) return err(`--preset must be one of ${Object.keys(PRESETS).join(', ')}, got "${preset}"`);
  const overrides: Partial<Record<keyof Rules, boolean>> = {};
  for (const rule of flags.rule ?? []) {
    const match = /^([A-Za-z]+)=(on|off)$/.exec(rule);
    if (match === null) return err(`--rule takes name=on or name=off, got "${rule}"`);
    const [, name = '', value] = match;
    if (!isRuleName(name)) return err(`unknown rule "${name}"; rules: ${RULE_NAMES.join(', ')}`);
    overrides[name] = value === 'on';
  }
  const ai = (flags.ai ?? SIMULATE_DEFAULTS.ai).split(',').map((name) => name.trim());
  return ok({
    options: {
      deals: games.value,
      players: players.value,
      rules: { ...PRESETS[preset].rules, ...overrides },
      ai,
      seed: flags.seed ?? SIMULATE_DEFAULTS.seed,
      duplicate: flags.duplicate === true,
    },
    preset,
    overrides,
    json: flags.json === true,
  });
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The report as one JSON-ready object: the preset and overrides, then core's report. */
export function reportJson(args: SimulateArgs, report: SimulationReport): object {
  return { preset: args.preset, overrides: args.overrides, policies: policyNames(), ...report };
}

/** The report as text: a settings line, a table per `--ai` entry and a table of per-game means. */
export function reportText(args: SimulateArgs, report: SimulationReport): string {
  const changed = Object.entries(args.overrides).map(([name, on]) => `${name}=${on ? 'on' : 'off'}`);
  const games = report.duplicate
    ? `${report.deals} deals × ${report.players} seat rotations = ${report.games} games`
    : `${report.games} games`;
  const settings = `${args.preset} rules${changed.length > 0 ? ` (${changed.join(', ')})` : ''}, ${report.players} players, ${games}, seed "${report.seed}"`;
  // No colours: the output is the same in a terminal and in a pipe.
  const style = { head: [], border: [] };
  const entries = new Table({
    head: ['AI', 'seats', 'games', 'wins', 'win rate', '95% CI', 'mean rank'],
    colAligns: ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
    style,
  });
  for (const e of report.entries) {
    const seats = Array.from({ length: report.players }, (_, s) => s)
      .filter((s) => s % report.entries.length === e.entry)
      .join(',');
    entries.push([
      e.label,
      report.duplicate ? 'all' : seats,
      e.games,
      e.wins,
      percent(e.winRate),
      `${percent(e.ci95.low)}–${percent(e.ci95.high)}`,
      e.meanRank.toFixed(2),
    ]);
  }
  const perGame = new Table({
    head: ['per game', 'mean'],
    colAligns: ['left', 'right'],
    style,
  });
  perGame.push(
    ['moves (plays and pick-ups)', report.perGame.moves.toFixed(1)],
    ['burns', report.perGame.burns.toFixed(2)],
    ['pick-ups', report.perGame.pickUps.toFixed(2)],
    ['games ended by the move cap (no winner)', `${report.capped} (${percent(report.capped / report.games)})`],
  );
  return [settings, entries.toString(), perGame.toString()].join('\n');
}
