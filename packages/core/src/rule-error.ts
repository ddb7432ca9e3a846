/**
 * Every reason the engine refuses a command, with the player-facing message. Where the spec gives
 * a text it is used word for word. A refused command leaves the state untouched.
 */
export const RULE_ERRORS = {
  /** The command names a seat that is not in this game. */
  'seat/unknown': 'You are not a player in this game',
  /** `sit` with a seat id already taken by a present player. */
  'seat/taken': 'That seat is already taken',
  /** `sit` when every seat is taken. */
  'seat/full': 'This game is full',
  /** `sit` for a new seat after the game has started. */
  'game/started': 'The game has already started',
  /** A command that needs a game still waiting for players. */
  'game/not_waiting': 'The game has already started',
  /** A command that needs the game to be in play. */
  'game/not_playing': 'The game is not in progress',
  /** Any command after the end. */
  'game/over': 'This game has already ended',
  /** `start` with fewer than 2 players. */
  'start/too_few': 'At least 2 players are needed to start',
  /** `start` asked by a seat that has not said ready (where the variant requires it). */
  'start/not_ready': 'You must be ready to start the game',
  /** `start` in a game that starts by itself once everyone is ready. */
  'start/automatic': 'The game starts when every player is ready',
  /** `ready` where readiness comes from choosing face-up cards. */
  'ready/choose_face_up': 'Choose your 3 face-up cards to get ready',
  /** `chooseFaceUp` when there is nothing to choose (not dealt, or the rule is off). */
  'face_up/not_now': 'Face-up cards cannot be chosen now',
  /** `chooseFaceUp` a second time: the choice is final. */
  'face_up/already_chosen': 'You have already chosen your face-up cards',
  /** `chooseFaceUp` with other than exactly 3 distinct cards. */
  'face_up/count': 'You must select exactly 3 cards',
  /** `chooseFaceUp` naming a card that is not in the hand. */
  'face_up/not_in_hand': 'Choose your face-up cards from your hand',
  /** A play or pick-up out of turn. */
  'turn/not_your_turn': 'Wait for your turn to play',
  /** A play with no cards. */
  'play/empty': 'Please select a card to play',
  /** A play naming a card the player does not hold. */
  'play/unknown_card': 'Card not found',
  /** A play naming the same card twice. */
  'play/duplicate_card': 'Each card can be played only once',
  /** A play mixing hand, face-up and face-down cards. */
  'play/mixed_sources': 'Play cards from one place at a time',
  /** A play mixing ranks. */
  'play/mixed_ranks': 'All cards played together must have the same value',
  /** Face-up cards while the hand is not empty. */
  'play/hand_first': 'You must play all cards from your hand first',
  /** Face-down cards while the hand or the face-up row still holds cards. */
  'play/face_up_first': 'You must play all cards from your hand and face-up first',
  /** More than one face-down card at once. */
  'play/one_blind': 'Turn over one face-down card at a time',
  /** `mustPlayAllSameValue`: some cards of that rank were held back. */
  'play/must_play_all': 'You must play every card of that value together',
  /** The rank may not go on the current pile. */
  'play/too_low': "You can't play this card on the current pile",
  /** Pick-up with an empty pile. */
  'pick_up/empty': 'There are no cards to pick up',
} as const;

export type RuleErrorCode = keyof typeof RULE_ERRORS;

export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

export function ruleError(code: RuleErrorCode): RuleError {
  return { code, message: RULE_ERRORS[code] };
}
