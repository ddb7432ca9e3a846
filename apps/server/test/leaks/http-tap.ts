/**
 * Records every HTTP answer the test process receives, whoever asked (the variants' test clients
 * all use the global `fetch`): the request (method, URL, JSON body) and the answer's raw text.
 */

/** One request and its answer, in the order the answers were read. */
export interface Exchange {
  readonly method: string;
  readonly url: URL;
  /** The request's JSON body, parsed (undefined without one or when not JSON). */
  readonly body: unknown;
  readonly status: number;
  readonly text: string;
}

/** Installs a `fetch` that keeps a copy of every answer's text; `stop` puts the original back. */
export class HttpTap {
  readonly exchanges: Exchange[] = [];
  private readonly original = globalThis.fetch;

  start(): void {
    const original = this.original;
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await original(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      let body: unknown;
      if (typeof init?.body === 'string') {
        try {
          body = JSON.parse(init.body);
        } catch {
          body = undefined;
        }
      }
      // Read a copy before the caller reads the answer, so the exchanges stay in the order they happened.
      const text = await response.clone().text();
      this.exchanges.push({ method: init?.method ?? 'GET', url, body, status: response.status, text });
      return response;
    };
  }

  stop(): void {
    globalThis.fetch = this.original;
  }
}
