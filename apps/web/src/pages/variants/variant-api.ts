/**
 * Requests of the username variants (simple REST, public games, easy; docs/product.md §P2.7–§P2.8): JSON bodies,
 * cookies included (the seat cookie of docs/product.md §D8), and a refusal that carries the server's own
 * text (`message` in the simple REST game, `error` in public games and easy) or else the caller's
 * fallback text from docs/product.md §P2.8 ("Failed to play card", …).
 */
export class VariantError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** `fallback` is the spec's text for when the server gives none (also on a network failure). */
export async function variantRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  fallback: string,
  body?: unknown,
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new VariantError(fallback, 0);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!response.ok) throw new VariantError(serverText(parsed) ?? fallback, response.status);
  return parsed as T;
}

/** The refusal's own words: `message` or `error`, when a non-empty string. */
export function serverText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { message?: unknown; error?: unknown };
  if (typeof record.message === 'string' && record.message !== '') return record.message;
  if (typeof record.error === 'string' && record.error !== '') return record.error;
  return null;
}

/** The text to show for anything thrown by a request. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}
