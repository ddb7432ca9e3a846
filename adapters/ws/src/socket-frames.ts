import { SOCKET_MAX_BYTES } from '@palace/protocol';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** Reading client frames, shared by the sockets (`/ws`, `/simple-ws`). */

/** Texts of the frame-level refusals. */
export const FRAME_TEXTS = {
  tooLarge: 'Message too large',
  notJson: 'Messages must be JSON objects with a "type"',
} as const;

/** A frame's size in bytes as `ws` hands it over; anything unexpected counts as too large. */
export function frameSize(data: unknown): number {
  return Buffer.isBuffer(data) ? data.length : Array.isArray(data) ? data.length : SOCKET_MAX_BYTES + 1;
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The player-facing text of a schema failure: the first error, with its field path. */
export function invalidMessage(type: string, errors: Iterable<{ instancePath: string; message: string }>): string {
  for (const error of errors) {
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return `Invalid ${type} message: ${path === '' ? '' : `${path} `}${error.message}`;
  }
  return `Invalid ${type} message`;
}

/** A frame read: the message, or the text to answer a refused frame with. */
export type Read<M> = { readonly ok: true; readonly message: M } | { readonly ok: false; readonly error: string };

/**
 * A reader of one socket's client messages: each frame must be at most `SOCKET_MAX_BYTES`, a JSON
 * object whose `type` names one of `schemas`, and valid against that schema (compiled once here).
 * `M` is the union of the messages the schemas describe.
 */
export function messageReader<M>(
  schemas: Readonly<Record<string, TSchema>>,
): (data: unknown, isBinary: boolean) => Read<M> {
  const checks = new Map(Object.entries(schemas).map(([type, schema]) => [type, Compile(schema)]));
  return (data, isBinary) => {
    if (frameSize(data) > SOCKET_MAX_BYTES) return { ok: false, error: FRAME_TEXTS.tooLarge };
    const parsed = isBinary ? undefined : parseJson(String(data));
    if (parsed === undefined || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, error: FRAME_TEXTS.notJson };
    }
    const type = (parsed as { type?: unknown }).type;
    const check = typeof type === 'string' ? checks.get(type) : undefined;
    if (typeof type !== 'string' || check === undefined) {
      return {
        ok: false,
        error: `Unknown message type: ${typeof type === 'string' ? type.slice(0, 40) : String(type)}`,
      };
    }
    if (!check.Check(parsed)) return { ok: false, error: invalidMessage(type, check.Errors(parsed)) };
    return { ok: true, message: parsed as M };
  };
}
