import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BotWithToken, RatingLeader } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { Jar, ok200, registered } from './main-harness.js';

/** `palace bot` (docs/bots.md "The example bot") against a real server, as two child processes. */

const exec = promisify(execFile);
const BIN = new URL('../../cli/bin/palace.mjs', import.meta.url).pathname;
const CODE = 'BOT-CLI';

describe('palace bot', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 10 });

  it('palace bot - two bots, one creating the games, play two to the end; both print each result and are rated', async () => {
    const { server } = served();
    const owner = await registered(server.base, CODE, 'Owner');
    const bots: BotWithToken[] = [];
    for (const name of ['CliBotOne', 'CliBotTwo']) {
      const got = await owner.jar.post<BotWithToken>('/api/bots', { username: name });
      expect(got.status, got.text).toBe(201);
      bots.push(got.body);
    }
    const [creator, joiner] = bots as [BotWithToken, BotWithToken];
    const bot = (token: string, ...extra: string[]) =>
      exec(process.execPath, [BIN, 'bot', '--token', token, '--url', server.base, '--games', '2', ...extra], {
        timeout: 100_000,
      }).catch((error: { code: number; stdout: string; stderr: string }) => {
        throw new Error(`palace bot ${extra.join(' ')} exited ${error.code}: ${error.stdout} ${error.stderr}`);
      });
    const [made, joined] = await Promise.all([
      bot(creator.token, '--create', '--level', 'greedy'),
      bot(joiner.token, '--level', 'random'),
    ]);
    const printed = [made.stdout.trim().split('\n'), joined.stdout.trim().split('\n')];
    for (const lines of printed) {
      expect(lines, JSON.stringify(printed)).toHaveLength(2);
      for (const line of lines)
        expect(line, JSON.stringify(printed)).toMatch(/^game \d+: (won|lost \(winner: CliBot(One|Two)\))$/);
    }
    // The same two games, one winner each.
    for (const n of [0, 1]) {
      const pair = printed.map((lines) => lines[n] ?? '');
      expect(new Set(pair.map((l) => l.split(':')[0])).size, JSON.stringify(printed)).toBe(1);
      expect(
        pair.filter((l) => l.endsWith(': won')),
        JSON.stringify(printed),
      ).toHaveLength(1);
    }

    const board = ok200(await new Jar(server.base).get<RatingLeader[]>('/api/ratings/leaderboard?preset=classic'));
    const rated = board.filter((l) => l.id === creator.bot.id || l.id === joiner.bot.id);
    expect(rated.map((l) => [l.isBot, l.games])).toEqual([
      [true, 2],
      [true, 2],
    ]);
  }, 120_000);

  it('palace bot - a wrong token is refused: exit code 1 and the reason', async () => {
    const { server } = served();
    const failed = await exec(process.execPath, [BIN, 'bot', '--token', 'nope', '--url', server.base]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('The server refused the token (401)');
  }, 60_000);
});
