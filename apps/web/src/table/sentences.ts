import { type Card, cardLabel, effectiveTop, type GameEvent, type GameState, type Rank, type Suit } from '@palace/core';

/**
 * Every sentence the table says about a move (docs/web.md "The table kit"): the last-action line,
 * the live-region announcement, the toasts and the turn notification all read from here, so a move
 * is told the same way on every screen. Cards are written short ("7♥"), several with spaces.
 */

/** A card as a sentence writes it: the engine's rank and suit, or a wire card's value and symbol. */
export type SentenceCard =
  | { readonly rank: Rank; readonly suit: Suit }
  | { readonly value: string; readonly symbol: string };

/** "7♥ 7♠". */
export function cardsText(list: readonly SentenceCard[]): string {
  return list.map((c) => ('rank' in c ? cardLabel(c) : `${c.value}${c.symbol}`)).join(' ');
}

/** A move as the servers report it (main game's and REST game's `lastAction`, easy AI moves). */
export interface ActionSummary {
  /** The mover's name. */
  readonly who: string;
  /** The viewer made it: written "You". */
  readonly you?: boolean;
  readonly kind: 'play' | 'pickup';
  /** The cards played (empty for a pick-up). */
  readonly cards: readonly SentenceCard[];
  /** The play burned the pile. */
  readonly burned?: boolean;
}

/** "Ann played 7♥ 7♠", "You played 10♣ and burned the pile", "Bob picked up the pile". */
export function actionSentence(action: ActionSummary): string {
  const who = action.you === true ? 'You' : action.who;
  if (action.kind === 'pickup') return `${who} picked up the pile`;
  return `${who} played ${cardsText(action.cards)}${action.burned === true ? ' and burned the pile' : ''}`;
}

/** How `describeMove` names seats and which events it tells. */
export interface MoveTextOptions {
  /** The seat shown as "You" (its verbs agree: "You play", "You win!"); none by default. */
  readonly you?: string | null;
  /**
   * Also tell the table's setup (who sat down, is ready, chose face-up cards, left or came back):
   * the replay viewer tells every step; a live table tells only the play.
   */
  readonly setup?: boolean;
  /** A name for a seat no longer in `state` (a seat freed by leaving a waiting table). */
  readonly nameOf?: (seat: string) => string | undefined;
}

function cards(list: readonly Card[]): string {
  return cardsText(list);
}

function cardCount(n: number): string {
  return `${n} ${n === 1 ? 'card' : 'cards'}`;
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * One line telling what a move did, in words, from the engine's events (docs/product.md §D2: the text
 * reads the events, it decides no rule). `state` is the state after the events: it gives the names,
 * the rules and the pile, so a 7 on top says what the next player must do. For example "Ann played
 * 7♥ 7♠ — the next player must play 7 or lower", "Bob picked up the pile (6 cards)", "Cy played 10♣
 * and burned the pile — Cy plays again", "AI Player 1 turned over 4♦ and could not play it, and
 * picked up the pile (5 cards)". Empty when the events tell nothing worth a line.
 */
export function describeMove(state: GameState, events: readonly GameEvent[], options: MoveTextOptions = {}): string {
  const you = options.you ?? null;
  const setup = options.setup === true;
  const name = (seat: string): string =>
    seat === you ? 'You' : (state.seats.find((s) => s.id === seat)?.name ?? options.nameOf?.(seat) ?? 'Someone');
  /** The verb for `seat`: "You go" but "Ann goes". */
  const verb = (seat: string, plain: string, third: string): string => `${name(seat)} ${seat === you ? plain : third}`;
  const lines: string[] = [];
  const notes: string[] = [];
  let ending = '';
  let played = false;
  let burned = false;
  let flipped: Card | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'seated':
        if (setup) lines.push(`${name(event.seat)}${event.ai === null ? '' : ' (AI)'} took a seat`);
        break;
      case 'returned':
        if (setup) lines.push(`${name(event.seat)} came back`);
        break;
      case 'left':
        if (setup) lines.push(`${name(event.seat)} left${event.freed ? ' the table' : ''}`);
        break;
      case 'readied':
        if (setup)
          lines.push(
            verb(event.seat, event.ready ? 'are ready' : 'are not ready', event.ready ? 'is ready' : 'is not ready'),
          );
        break;
      case 'faceUpChosen':
        if (setup) lines.push(`${name(event.seat)} chose ${cards(event.cards)} to lie face up`);
        break;
      case 'setupStarted':
        if (setup) lines.push('The cards are dealt: everyone chooses 3 face-up cards');
        break;
      case 'started':
        lines.push(verb(event.first, 'go first', 'goes first'));
        break;
      case 'blindFlipped':
        if (event.playable) flipped = event.card;
        else lines.push(`${name(event.seat)} turned over ${cardLabel(event.card)} and could not play it`);
        break;
      case 'played':
        played = true;
        lines.push(
          flipped !== null && event.source === 'faceDown'
            ? `${name(event.seat)} turned over ${cards(event.cards)} and played it`
            : `${name(event.seat)} played ${cards(event.cards)}`,
        );
        flipped = null;
        break;
      case 'burned':
        burned = true;
        if (played && lines.length > 0) {
          const last = lines.pop() as string;
          lines.push(`${last} and burned the pile${event.reason === 'fourOfAKind' ? ' (four of a kind)' : ''}`);
        } else {
          lines.push('The pile burned');
        }
        break;
      case 'pickedUp': {
        const what = `picked up the pile (${cardCount(event.count)})`;
        if (event.reason === 'blind' && lines.length > 0) lines.push(`${lines.pop() as string}, and ${what}`);
        else lines.push(`${name(event.seat)} ${what}`);
        break;
      }
      case 'skipped':
        notes.push(
          `${list(event.seats.map(name))} ${event.seats.length === 1 && event.seats[0] !== you ? 'is' : 'are'} skipped`,
        );
        break;
      case 'reversed':
        notes.push('the direction of play reverses');
        break;
      case 'turn':
        if (event.again && burned) notes.push(verb(event.seat, 'play again', 'plays again'));
        break;
      case 'gameOver':
        ending =
          event.reason === 'moveCap'
            ? `The move limit is reached: ${verb(event.winner, 'win', 'wins')} with the fewest cards left.`
            : `${verb(event.winner, 'win', 'wins')}!`;
        break;
      default:
        break;
    }
  }
  const top = effectiveTop(state.pile, state.options.rules);
  if (played && !burned && ending === '' && top === 7 && state.options.rules.sevenLower) {
    notes.unshift('the next player must play 7 or lower');
  }
  const line = lines.join('. ') + (notes.length > 0 && lines.length > 0 ? ` — ${notes.join(', ')}` : '');
  return line === '' ? ending : ending === '' ? line : `${line}. ${ending}`;
}

/**
 * Who made the move `events` tell and what it was (the table's motion needs it): a pick-up, a burn
 * (the pile went), or a play; null for events that move no card (a seat taken, a face-up choice).
 */
export function moveOf(
  events: readonly GameEvent[],
): { readonly seat: string; readonly kind: 'play' | 'pickup' | 'burn' } | null {
  let seat: string | null = null;
  let kind: 'play' | 'pickup' | 'burn' = 'play';
  for (const event of events) {
    if (event.type === 'played') {
      seat = event.seat;
      kind = 'play';
    } else if (event.type === 'burned' && seat !== null) kind = 'burn';
    else if (event.type === 'pickedUp') {
      seat = event.seat;
      kind = 'pickup';
    }
  }
  return seat === null ? null : { seat, kind };
}
