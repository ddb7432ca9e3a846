import { ClientMessages, SimpleClientMessages } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { messageReader } from '../src/socket-frames.js';

/** Reads one frame's text as a socket would (a text frame arrives as a Buffer). */
const reader = <M>(schemas: Parameters<typeof messageReader>[0]) => {
  const read = messageReader<M>(schemas);
  return (message: unknown) => read(Buffer.from(JSON.stringify(message)), false);
};

describe('socket frames', () => {
  it('socket frames - a field of the wrong type is refused naming the field, never coerced (docs/api.md)', () => {
    const main = reader(ClientMessages);
    const cases: Array<[unknown, string]> = [
      [{ type: 'chat_message', gameId: 1, message: 123 }, 'Invalid chat_message message: message must be string'],
      [{ type: 'chat_message', gameId: 1, message: ['hi'] }, 'Invalid chat_message message: message must be string'],
      [{ type: 'play_card', gameId: 1, cardIds: 'c1' }, 'Invalid play_card message: cardIds must be array'],
      [{ type: 'play_card', gameId: 1, cardIds: [7] }, 'Invalid play_card message: cardIds.0 must be string'],
      [
        { type: 'remove_computer', gameId: 1, playerId: '2' },
        'Invalid remove_computer message: playerId must be integer',
      ],
      [{ type: 'quick_match', playerLimit: '2' }, 'Invalid quick_match message: playerLimit must be integer'],
      [{ type: 'quick_match', entryFee: true }, 'Invalid quick_match message: entryFee must be integer'],
      [{ type: 'create_game', game: [] }, 'Invalid create_game message: game must be object'],
      [
        { type: 'create_game', game: { name: 'Table', isPrivate: 'true' } },
        'Invalid create_game message: game.isPrivate must be boolean',
      ],
    ];
    for (const [message, error] of cases) expect(main(message), JSON.stringify(message)).toEqual({ ok: false, error });
    // gameId takes a number or a string of digits by its schema (docs/api.md); other text is refused.
    expect(main({ type: 'ready', gameId: '12' })).toEqual({ ok: true, message: { type: 'ready', gameId: '12' } });
    expect(main({ type: 'ready', gameId: '12x' })).toMatchObject({ ok: false });
    expect(main({ type: 'ready', gameId: true })).toMatchObject({ ok: false });

    const simple = reader(SimpleClientMessages);
    expect(simple({ type: 'chat_message', roomId: 'r', username: 42, text: 'hi' })).toEqual({
      ok: false,
      error: 'Invalid chat_message message: username must be string',
    });
    expect(simple({ type: 'pickup_pile', roomId: 7, username: 'Ann' })).toEqual({
      ok: false,
      error: 'Invalid pickup_pile message: roomId must be string',
    });
    expect(simple({ type: 'pickup_pile', roomId: 'r', username: 'Ann' })).toMatchObject({ ok: true });
  });
});
