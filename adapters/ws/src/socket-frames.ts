import { SOCKET_MAX_BYTES } from '@palace/protocol';

/** Reading client frames, shared by the sockets (`/ws`, `/simple-ws`). */

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
