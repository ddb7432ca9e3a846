import {
  type Card,
  type Command,
  cardLabel,
  decide,
  type GameEvent,
  type GameResult,
  type GameState,
  ok,
  type ReplayError,
  type Result,
  replayStates,
  type Seat,
  type Source,
} from '@palace/core';
import type { RecordFile } from './record-file.js';

/** One printed step of a replay: the header, the deal, one entry, or the result. */
export interface ReplayBlock {
  readonly lines: readonly string[];
  /** A play or pick-up: `--step` pauses after these. */
  readonly move: boolean;
}

const SOURCE_WORDS: Readonly<Record<Source, string>> = {
  hand: 'the hand',
  faceUp: 'the face-up cards',
  faceDown: 'the face-down cards',
};

/** Cards as "7♥ 7♠", or "—" for none. */
export function cardsText(cards: readonly Card[]): string {
  return cards.length === 0 ? '—' : cards.map(cardLabel).join(' ');
}

function nameOf(state: GameState, seatId: string): string {
  return state.seats.find((s) => s.id === seatId)?.name ?? seatId;
}

/** One line per seat with every card shown, then the pile and the deck. */
function tableLines(state: GameState, showDeck: boolean): string[] {
  const width = Math.max(0, ...state.seats.map((s) => s.name.length));
  const seatLine = (seat: Seat): string =>
    `  ${seat.name.padEnd(width)}  hand ${cardsText(seat.hand)} | face-up ${cardsText(seat.faceUp)} | face-down ${cardsText(seat.faceDown)}`;
  const top = state.pile[state.pile.length - 1];
  const lines = state.seats.map(seatLine);
  lines.push(
    `  pile: ${top === undefined ? 'empty' : `${cardLabel(top)} on top, ${state.pile.length} card(s)`} · deck: ${state.deck.length} card(s) · burned: ${state.burned.length}`,
  );
  if (showDeck && state.deck.length > 0)
    lines.push(`  deck (next card first): ${cardsText([...state.deck].reverse())}`);
  return lines;
}

/** What an entry's command did, in words ("Ann plays 7♥ 7♠ from the hand"). */
function eventText(who: (seatId: string) => string, event: GameEvent): string | null {
  switch (event.type) {
    case 'seated':
      return `${event.name} sits down${event.ai === null ? '' : ` (AI: ${event.ai})`}`;
    case 'returned':
      return `${who(event.seat)} comes back`;
    case 'left':
      return `${who(event.seat)} leaves${event.freed ? ' (the seat is freed)' : ' (the seat stays and is played for)'}`;
    case 'shuffled':
      return `The deck is shuffled (${event.decks} deck${event.decks === 1 ? '' : 's'})`;
    case 'dealt':
      return null;
    case 'readied':
      return `${who(event.seat)} is ${event.ready ? 'ready' : 'not ready'}`;
    case 'faceUpChosen':
      return `${who(event.seat)} lays face-up ${cardsText(event.cards)}`;
    case 'setupStarted':
      return 'Everyone chooses 3 face-up cards';
    case 'started':
      return `Play starts: ${who(event.first)} goes first`;
    case 'played':
      return `${who(event.seat)} plays ${cardsText(event.cards)} from ${SOURCE_WORDS[event.source]}`;
    case 'blindFlipped':
      return `${who(event.seat)} turns over face-down card ${event.index + 1}: ${cardLabel(event.card)}${event.playable ? '' : ', which cannot be played'}`;
    case 'burned':
      return `The pile burns (${event.reason === 'ten' ? 'a 10' : 'four of a kind'}): ${event.count} card(s) leave the game`;
    case 'drew':
      return `${who(event.seat)} draws ${event.count}`;
    case 'pickedUp':
      return `${who(event.seat)} picks up the pile (${event.count} card(s))`;
    case 'skipped':
      return `${event.seats.map(who).join(', ')} ${event.seats.length === 1 ? 'is' : 'are'} skipped`;
    case 'reversed':
      return `Play reverses (now ${event.direction === 1 ? 'up' : 'down'} the seat order)`;
    case 'turn':
      return event.again ? `${who(event.seat)} plays again` : `${who(event.seat)} to play`;
    case 'gameOver':
      return event.reason === 'out'
        ? `${who(event.winner)} has no cards left: game over`
        : 'The move cap ends the game';
  }
}

function seatsTouched(events: readonly GameEvent[]): boolean {
  return events.some((e) =>
    ['dealt', 'faceUpChosen', 'played', 'blindFlipped', 'pickedUp', 'drew', 'left'].includes(e.type),
  );
}

function isMove(command: Command): boolean {
  return command.type === 'play' || command.type === 'pickUp';
}

/** The final standings in words. */
export function resultLines(result: GameResult | null, state: GameState): string[] {
  if (result === null) return ['Result: none (the game did not finish)'];
  const winner = nameOf(state, result.winner);
  const lines = [
    result.reason === 'out'
      ? `Result: ${winner} wins by getting rid of every card`
      : `Result: the ${state.moves}-move cap ended the game; ${winner} holds the fewest cards`,
  ];
  for (const s of result.standings) lines.push(`  ${s.place}. ${s.name} — ${s.cardsLeft} card(s) left`);
  return lines;
}

function headerLines(file: RecordFile, first: GameState): string[] {
  const { rules, flow, maxSeats } = file.options;
  const on = Object.entries(rules)
    .filter(([, value]) => value === true)
    .map(([name]) => name);
  const game =
    file.variant !== undefined || file.gameId !== undefined
      ? `${file.variant ?? '?'}/${file.gameId ?? '?'}`
      : '(no id)';
  const lines = [
    `Game ${game} · record version ${file.version} · created ${new Date(file.createdAt).toISOString()}`,
    `Seed "${file.seed}"${file.commitment === undefined ? '' : ` · commitment ${file.commitment}`}`,
    `Rules on: ${on.join(', ') || 'none'} · flow ${flow} · up to ${maxSeats} seats`,
    `Seats: ${file.seats.map((s) => `${s.name} (${s.ai === null ? 'human' : `AI ${s.ai}`})`).join(', ')}`,
  ];
  if (first.deck.length > 0) lines.push('Deck at creation:', ...tableLines(first, true));
  return lines;
}

/**
 * The whole game as printable blocks, every card shown: a header, then one block per entry (what
 * its command did, in words, then every seat's cards when they changed; the full deck after a
 * deal), then the result. Fails as `replayStates` does, for a record that does not replay.
 */
export function describeReplay(file: RecordFile): Result<ReplayBlock[], ReplayError> {
  const replayed = replayStates(file);
  if (!replayed.ok) return replayed;
  const states = replayed.value;
  const first = states[0] as GameState;
  const blocks: ReplayBlock[] = [{ lines: headerLines(file, first), move: false }];
  file.entries.forEach((entry, i) => {
    const before = states[i] as GameState;
    const after = states[i + 1] as GameState;
    const decision = decide(before, entry.command);
    // replayStates accepted this very command on this very state.
    const events = decision.ok ? decision.value : [];
    const seconds = ((entry.at - file.createdAt) / 1000).toFixed(1);
    const lines = [`#${i + 1} (+${seconds}s)`];
    // A seat freed by this entry is gone afterwards; a seat taken by it did not exist before.
    const who = (id: string): string => before.seats.find((s) => s.id === id)?.name ?? nameOf(after, id);
    for (const event of events) {
      const text = eventText(who, event);
      if (text !== null) lines.push(`  ${text}`);
    }
    const dealt = events.some((e) => e.type === 'dealt');
    if (dealt) lines.push(`  ${after.phase === 'setup' || after.phase === 'waiting' ? 'Deal' : 'The table'}:`);
    if (seatsTouched(events)) lines.push(...tableLines(after, dealt));
    blocks.push({ lines, move: isMove(entry.command) });
  });
  blocks.push({ lines: resultLines(file.result, states[states.length - 1] as GameState), move: false });
  return ok(blocks);
}
