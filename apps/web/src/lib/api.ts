/**
 * The shared request helper of docs/product.md §P1.7–§P1.8: JSON with cookies; a body (and its JSON content
 * type) only when one is given; a non-OK answer fails with the body's `message` field when there
 * is one, otherwise "{status}: {status text or raw text}".
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Whether `message` is the server's own `message` field (else the status line). */
    readonly fromServer: boolean,
    /** The response's status text ("Bad Gateway"); empty when the response had none (HTTP/2). */
    readonly statusText = '',
  ) {
    super(message);
  }
}

/** What a failure shows: the server's own `message` when it sent one, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as T;
}

/** A read. With `on401: 'null'`, a 401 is an empty result instead of an error. */
export async function apiGet<T>(url: string, options: { readonly on401?: 'null' | 'throw' } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401 && options.on401 === 'null') return null;
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '')
      return new ApiError(body.message, response.status, true, response.statusText);
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiError(
    `${response.status}: ${response.statusText || text}`,
    response.status,
    false,
    response.statusText,
  );
}
