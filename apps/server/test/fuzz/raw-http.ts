import { Agent, request } from 'node:http';
import type { FuzzCase } from './fuzz-cases.js';

/** Sending fuzz cases byte for byte (no client folds `..` or re-encodes the path) and judging the answers. */

/** An answer as received: status, content type and body text. */
export interface RawAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Keep-alive connections shared by the cases (a few at a time: the machine is shared). */
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Sends one case to `base` (`http://127.0.0.1:port`) exactly as written. */
export function send(base: string, c: FuzzCase): Promise<RawAnswer> {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  if (c.cookie !== undefined) headers.cookie = c.cookie;
  if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method: c.method, path: c.target, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(c.body);
  });
}

/** Which field of a refusal carries its text. */
export type ErrorField = 'error' | 'message';

/** Signs of an internal error leaking out: a stack frame, a source path. */
const LEAKS = [/\n\s+at /, / {4}at /, /\/work\//, /node_modules/, /\.ts:\d/, /\.m?js:\d/];

/**
 * What is wrong with an answer (nothing when empty): a status of 500 or more, a stack trace or
 * source path in the body, or a 4xx whose body is not JSON carrying `field` as a non-empty string.
 * `framework` collects 4xx answers that Fastify's router gave in its own shape before any route
 * ran (a bad URL, an over-long parameter), which carry both `error` and `message`.
 */
export function problemsOf(answer: RawAnswer, field: ErrorField): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 || answer.status < 100) problems.push(`status ${answer.status}`);
  for (const leak of LEAKS) if (leak.test(answer.text)) problems.push(`body leaks ${leak}`);
  if (answer.status >= 400 && answer.status < 500 && answer.text !== '') {
    if (!answer.contentType.includes('application/json')) {
      problems.push(`a ${answer.status} answered as ${answer.contentType}`);
    } else {
      const body = parse(answer.text);
      const text = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
      if (typeof text !== 'string' || text.trim() === '') problems.push(`a ${answer.status} without a "${field}" text`);
    }
  }
  return problems;
}

/** Whether a 4xx came from the framework before any route ran (`{ error, code: 'FST_ERR_…', message, statusCode }`). */
export function isFrameworkShape(answer: RawAnswer): boolean {
  const body = answer.contentType.includes('application/json') ? parse(answer.text) : undefined;
  return typeof body === 'object' && body !== null && String((body as { code?: unknown }).code).startsWith('FST_ERR_');
}

/** The refusal's text in `field`, when the answer is JSON carrying one. */
export function refusalText(answer: RawAnswer, field: ErrorField): string | undefined {
  const body = parse(answer.text);
  const text = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return typeof text === 'string' ? text : undefined;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Runs `task` over `items` with at most `limit` at a time; answers the results in order. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Closes the kept-alive connections (at the end of a file). */
export function closeConnections(): void {
  agent.destroy();
}
