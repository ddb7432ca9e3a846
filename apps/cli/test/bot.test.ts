import { describe, expect, it } from 'vitest';
import { botOptions } from '../src/bot.js';
import { run } from '../src/main.js';

/** `palace bot`'s command line (the games themselves: apps/server/test/bot-cli.test.ts, on a real server). */
describe('palace bot options', () => {
  it('bot options - defaults: the local server, the greedy AI, joining, one game', () => {
    expect(botOptions({ token: ' T ' })).toEqual({
      token: 'T',
      url: 'http://127.0.0.1:5000',
      level: 'greedy',
      create: false,
      games: 1,
    });
    expect(
      botOptions({ token: 'T', url: 'https://palace.example/', level: 'strong', create: true, games: '3' }),
    ).toEqual({ token: 'T', url: 'https://palace.example', level: 'strong', create: true, games: 3 });
  });

  it('bot options - a missing token, a bad address, level or count is a usage error (exit 2)', async () => {
    expect(botOptions({})).toMatch(/--token \(or PALACE_BOT_TOKEN\) is required/);
    expect(botOptions({ token: 'T', url: 'ftp://x' })).toMatch(/--url/);
    expect(botOptions({ token: 'T', level: 'genius' })).toBe(
      '--level must be one of random, prototype, greedy, strong',
    );
    expect(botOptions({ token: 'T', games: '0' })).toMatch(/--games/);
    const err: string[] = [];
    const code = await run(
      ['bot', '--level', 'strong'],
      {},
      () => {},
      (line) => err.push(line),
    );
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('--token (or PALACE_BOT_TOKEN) is required');
  });
});
