/**
 * What kind of refusal an error is, declared where each code is defined; a transport maps the few
 * categories (HTTP: 400, 401, 403, 404, 409, 410, 429, 503), never the codes one by one.
 * `invalid`: can never be right as sent; `unauthorized`: not signed in; `forbidden`: acting as
 * someone you are not, or where you may not; `not_found`: no such thing; `conflict`: not now (not
 * your turn, wrong phase, taken, full); `gone`: closed for good; `limited`: too many too fast;
 * `unavailable`: could not be done now, try again.
 */
export type ErrorCategory =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'limited'
  | 'unavailable';

/** One error code's definition: its category and its player-facing message. */
export interface ErrorDefinition {
  readonly category: ErrorCategory;
  readonly message: string;
}

/**
 * Every reason the engine refuses a command, with its category and the player-facing message.
 * Where the spec gives a text it is used word for word. A refused command leaves the state untouched.
 */
const DEFINITIONS = {
  /** The command names a seat that is not in this game. */
  'seat/unknown': { category: 'forbidden', message: 'You are not a player in this game' },
  /** `sit` with a seat id already taken by a present player. */
  'seat/taken': { category: 'conflict', message: 'That seat is already taken' },
  /** `sit` when every seat is taken. */
  'seat/full': { category: 'conflict', message: 'This game is full' },
  /** `sit` for a new seat after the game has started. */
  'game/started': { category: 'conflict', message: 'The game has already started' },
  /** A command that needs a game still waiting for players. */
  'game/not_waiting': { category: 'conflict', message: 'The game has already started' },
  /** A command that needs the game to be in play. */
  'game/not_playing': { category: 'conflict', message: 'The game is not in progress' },
  /** Any command after the end. */
  'game/over': { category: 'conflict', message: 'This game has already ended' },
  /** `start` with fewer than 2 players. */
  'start/too_few': { category: 'conflict', message: 'At least 2 players are needed to start' },
  /** `start` asked by a seat that has not said ready (where the variant requires it). */
  'start/not_ready': { category: 'conflict', message: 'You must be ready to start the game' },
  /** `start` in a game that starts by itself once everyone is ready. */
  'start/automatic': { category: 'conflict', message: 'The game starts when every player is ready' },
  /** `ready` where readiness comes from choosing face-up cards. */
  'ready/choose_face_up': { category: 'conflict', message: 'Choose your 3 face-up cards to get ready' },
  /** `chooseFaceUp` when there is nothing to choose (not dealt, or the rule is off). */
  'face_up/not_now': { category: 'conflict', message: 'Face-up cards cannot be chosen now' },
  /** `chooseFaceUp` a second time: the choice is final. */
  'face_up/already_chosen': { category: 'conflict', message: 'You have already chosen your face-up cards' },
  /** `chooseFaceUp` with other than exactly 3 distinct cards. */
  'face_up/count': { category: 'invalid', message: 'You must select exactly 3 cards' },
  /** `chooseFaceUp` naming a card that is not in the hand. */
  'face_up/not_in_hand': { category: 'invalid', message: 'Choose your face-up cards from your hand' },
  /** A play or pick-up out of turn. */
  'turn/not_your_turn': { category: 'conflict', message: 'Wait for your turn to play' },
  /** A play with no cards. */
  'play/empty': { category: 'invalid', message: 'Please select a card to play' },
  /** A play naming a card the player does not hold. */
  'play/unknown_card': { category: 'invalid', message: 'Card not found' },
  /** A play naming the same card twice. */
  'play/duplicate_card': { category: 'invalid', message: 'Each card can be played only once' },
  /** A play mixing hand, face-up and face-down cards. */
  'play/mixed_sources': { category: 'invalid', message: 'Play cards from one place at a time' },
  /** A play mixing ranks. */
  'play/mixed_ranks': { category: 'invalid', message: 'All cards played together must have the same value' },
  /** Face-up cards while the hand is not empty. */
  'play/hand_first': { category: 'invalid', message: 'You must play all cards from your hand first' },
  /** Face-down cards while the hand or the face-up row still holds cards. */
  'play/face_up_first': { category: 'invalid', message: 'You must play all cards from your hand and face-up first' },
  /** More than one face-down card at once. */
  'play/one_blind': { category: 'invalid', message: 'Turn over one face-down card at a time' },
  /** `mustPlayAllSameValue`: some cards of that rank were held back. */
  'play/must_play_all': { category: 'invalid', message: 'You must play every card of that value together' },
  /** The rank may not go on the current pile. */
  'play/too_low': { category: 'invalid', message: "You can't play this card on the current pile" },
  /** Pick-up with an empty pile. */
  'pick_up/empty': { category: 'invalid', message: 'There are no cards to pick up' },
} as const satisfies Record<string, ErrorDefinition>;

export type RuleErrorCode = keyof typeof DEFINITIONS;

/** Each rule error's player-facing message. */
export const RULE_ERRORS: Readonly<Record<RuleErrorCode, string>> = messagesOf(DEFINITIONS);

/** The category a rule error code was defined with. */
export function ruleErrorCategory(code: RuleErrorCode): ErrorCategory {
  return DEFINITIONS[code].category;
}

/** The messages of a table of definitions, by code. */
export function messagesOf<C extends string>(definitions: Readonly<Record<C, ErrorDefinition>>): Record<C, string> {
  const messages = {} as Record<C, string>;
  for (const code of Object.keys(definitions) as C[]) messages[code] = definitions[code].message;
  return messages;
}

export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

export function ruleError(code: RuleErrorCode): RuleError {
  return { code, message: RULE_ERRORS[code] };
}
