/// <reference lib="dom" />
// The loop below runs in the page (DOM types); the rest of this file in Node.
import type { Page } from 'playwright-core';

/**
 * Plays the rest of a game on one page of the shared table (apps/web/src/table/game-table.tsx)
 * from inside the page: a small loop that presses the table's own buttons (a card, then the Play
 * action; or Pick Up) with DOM clicks whenever the turn line says it is the viewer's turn, and
 * waits for the screen to answer before it presses again. The suites play their first moves with
 * Playwright's pointer (each press a round trip to the page, about a tenth of a second on a busy
 * machine) and the long middle of a game this way, a few milliseconds a move: the same React
 * handlers, requests and renders, without the test runner in between (README "Tests").
 */
export interface TableAutoplay {
  /**
   * `play`: the first outlined card (the server's legal cards), else Pick Up. `yield`: Pick Up
   * whenever it is allowed, else as `play` (the other player wins).
   */
  readonly style: 'play' | 'yield';
  /** The game is over for this page once a heading (h1–h3) matches this… */
  readonly overHeading?: RegExp;
  /** …or an element matches this selector. */
  readonly overSelector?: string;
  /** Fails after this many presses (a game that does not end). */
  readonly maxPresses?: number;
  /**
   * For a page whose clock the test installed (`page.clock.install()`): moves that clock on by
   * this many ms about every 25 ms of real time while the loop runs (the AI's delay, the poll).
   */
  readonly clockStepMs?: number;
  /**
   * For a page that polls: the accessible name of its refresh button, pressed when the page has
   * shown nothing new for 100 ms while it waits for another player (as the pointer loops did).
   */
  readonly refreshButton?: string;
  /** Also stops once the viewer's hand holds this many cards (a test that wants a big hand). */
  readonly untilHand?: number;
}

/** Answers the number of presses once the page shows the game-over heading. */
export async function autoplayTable(page: Page, options: TableAutoplay): Promise<number> {
  if (options.overHeading === undefined && options.overSelector === undefined)
    throw new Error('autoplay: no end given');
  const args = {
    style: options.style,
    over: options.overHeading?.source ?? null,
    overSelector: options.overSelector ?? null,
    maxPresses: options.maxPresses ?? 3000,
    refresh: options.refreshButton ?? null,
    untilHand: options.untilHand ?? null,
  };
  let running = true;
  const step = options.clockStepMs;
  const ticking =
    step === undefined
      ? Promise.resolve()
      : (async () => {
          while (running) {
            await page.clock.fastForward(step).catch(() => undefined);
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        })();
  try {
    return await page.evaluate(loop, args);
  } finally {
    running = false;
    await ticking;
  }
}

/** The loop that runs in the page (serialised by Playwright: it uses nothing from this module). */
async function loop({
  style,
  over,
  overSelector,
  maxPresses,
  refresh,
  untilHand,
}: {
  style: 'play' | 'yield';
  over: string | null;
  overSelector: string | null;
  maxPresses: number;
  refresh: string | null;
  untilHand: number | null;
}): Promise<number> {
  const overRe = over === null ? null : new RegExp(over);
  const handSize = () => document.querySelectorAll('[role="group"][aria-label="Hand"] button').length;
  const isOver = () =>
    (untilHand !== null && handSize() >= untilHand) ||
    (overSelector !== null && document.querySelector(overSelector) !== null) ||
    (overRe !== null &&
      [...document.querySelectorAll('h1, h2, h3')].some((h) => overRe.test((h.textContent ?? '').trim())));
  const action = (re: RegExp) =>
    [...document.querySelectorAll<HTMLButtonElement>('.gt-actions button.gt-action')].find(
      (b) => !b.disabled && re.test((b.textContent ?? '').trim()),
    );
  const own = () => [...document.querySelectorAll<HTMLButtonElement>('[data-zone="own"] button[data-card-id]')];
  /** What a move changes: the own cards, whose turn, the pile's count, the move line. */
  const key = () =>
    [
      own()
        .map((b) => b.dataset.cardId)
        .join(','),
      document.querySelector('.turn-line')?.textContent,
      document.querySelector('[data-zone="pile"]')?.getAttribute('aria-label'),
      document.querySelector('.gt-last')?.textContent,
    ].join('|');
  /** Resolves at the next change of the page (or after `ms`). */
  const change = (ms: number) =>
    new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve();
      }, ms);
    });
  /** After a move: until the screen shows it (or 5 s, after which the loop looks again). */
  const moved = async (before: string) => {
    const until = Date.now() + 5000;
    while (key() === before && !isOver() && Date.now() < until) await change(250);
  };
  let presses = 0;
  /** When the page last showed something new while waiting (for `refresh`). */
  let quietSince = Date.now();
  while (!isOver()) {
    if (presses >= maxPresses) throw new Error(`autoplay: no game over after ${presses} presses`);
    if (document.querySelector('.turn-line.mine') === null) {
      const before = key();
      await change(100);
      if (key() !== before) quietSince = Date.now();
      else if (refresh !== null && Date.now() - quietSince >= 100) {
        document.querySelector<HTMLButtonElement>(`button[aria-label="${refresh}"]:not([disabled])`)?.click();
        quietSince = Date.now();
      }
      continue;
    }
    const cards = own().filter((b) => !b.disabled);
    const outlined = cards.filter((b) => b.classList.contains('tc-hint'));
    const selected = cards.some((b) => b.getAttribute('aria-pressed') === 'true');
    // Never Pick Up an empty pile (the offline game leaves the button enabled and refuses).
    const pileEmpty = document.querySelector('[data-zone="pile"]')?.getAttribute('aria-label') === 'Pile: 0 cards';
    const pickUp = pileEmpty ? undefined : action(/^Pick Up/);
    const play = action(/^Play( Selected| \d+ cards?)?$/);
    const before = key();
    if (style === 'yield' && pickUp !== undefined) {
      pickUp.click();
      await moved(before);
    } else if (selected && play !== undefined) {
      play.click();
      await moved(before);
    } else if (!selected && outlined[0] !== undefined) {
      outlined[0].click();
      await change(250);
    } else if (pickUp !== undefined) {
      pickUp.click();
      await moved(before);
    } else {
      await change(250);
      continue;
    }
    presses++;
  }
  return presses;
}
