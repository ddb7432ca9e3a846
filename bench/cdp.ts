// A bare DevTools-protocol connection to a Chromium it starts (`--remote-debugging-pipe`): the
// first-visit bench drives the browser with it instead of Playwright, so that only the protocol
// domains the measurement needs are enabled in the page. Playwright enables `Runtime` in every
// page, and with it V8 captures a detailed stack trace (with source positions, which it re-parses
// whole modules to find) for every Error the page constructs — React DOM constructs five at
// start-up: 130–190 ms at 4× CPU that no visitor's browser spends (docs/web.md "Loading").
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** A protocol event: its method, its parameters and the session (page) it came from. */
export interface CdpEvent {
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly sessionId?: string;
}

interface Reply {
  readonly id: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly message: string };
}

/** How long a command may wait for its answer, in ms. */
const COMMAND_TIMEOUT_MS = 30_000;
/** How long the browser may take to exit after `Browser.close`, in ms, before it is killed. */
const CLOSE_TIMEOUT_MS = 10_000;

export class Cdp {
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private readonly listeners = new Set<(event: CdpEvent) => void>();
  private buffered = '';
  private exited = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk: string) => this.receive(chunk));
    child.once('exit', () => {
      this.exited = true;
      for (const answer of this.waiting.values()) answer({ id: 0, error: { message: 'the browser exited' } });
      this.waiting.clear();
    });
  }

  /** Starts `executable` with `args` and a protocol pipe (the browser's fds 3 and 4). */
  static launch(executable: string, args: readonly string[]): Cdp {
    const child = spawn(executable, [...args, '--remote-debugging-pipe'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    const toBrowser = child.stdio[3];
    const fromBrowser = child.stdio[4];
    if (toBrowser === null || fromBrowser === null || toBrowser === undefined || fromBrowser === undefined) {
      child.kill('SIGKILL');
      throw new Error('no DevTools pipe to the browser');
    }
    return new Cdp(child, toBrowser as Writable, fromBrowser as Readable);
  }

  /** Sends a command (to a page when `sessionId` is given) and resolves with its result. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.exited) return Promise.reject(new Error(`${method}: the browser exited`));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${method}: no answer within ${COMMAND_TIMEOUT_MS / 1000} s`));
      }, COMMAND_TIMEOUT_MS);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.error !== undefined) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply.result ?? {});
      });
      this.toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  /** Calls `listener` with every event until the returned function is called. */
  on(listener: (event: CdpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes the browser (killed if it does not exit in time). */
  async close(): Promise<void> {
    if (this.exited) return;
    const exit = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send('Browser.close').catch(() => undefined);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
    await exit;
    clearTimeout(timer);
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    for (let end = this.buffered.indexOf('\0'); end >= 0; end = this.buffered.indexOf('\0')) {
      const message = JSON.parse(this.buffered.slice(0, end)) as Partial<Reply> & Partial<CdpEvent>;
      this.buffered = this.buffered.slice(end + 1);
      if (typeof message.id === 'number') {
        const answer = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        answer?.(message as Reply);
      } else if (typeof message.method === 'string') {
        const event: CdpEvent = {
          method: message.method,
          params: message.params ?? {},
          ...(message.sessionId === undefined ? {} : { sessionId: message.sessionId }),
        };
        for (const listener of this.listeners) listener(event);
      }
    }
  }
}
