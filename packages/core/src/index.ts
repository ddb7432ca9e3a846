/**
 * @palace/core — the Palace rules engine. Pure and deterministic: no I/O, no clock, no ambient
 * randomness. Create a game, `decide` commands into events, `evolve` events into states, show each
 * viewer `viewFor(state, seat)`, and replay records.
 */

export { CASUAL_RANDOM_SHARE, casualLevelPolicy, casualPolicy } from './ai/casual.js';
export { determinize, unseenCards } from './ai/determinize.js';
export { type EstimateBudget, estimateMoves, estimatePosition, REVIEW_BUDGET } from './ai/estimate.js';
export { type Hint, hintFor, hintReason, rankName } from './ai/hint.js';
export { AI_LEVELS, AI_POLICIES, aiCommand, aiTurnMove, moveToCommand, nextAiSeat } from './ai/index.js';
export {
  type DuplicateMatch,
  type DuplicateResult,
  type LevelPair,
  type LevelsOptions,
  type LevelsReport,
  type LevelTable,
  levelsSeed,
  measureLevels,
  playDuplicate,
} from './ai/levels.js';
export type { AiPolicy } from './ai/policy.js';
export { PROTOTYPE_PICK_UP_CHANCE, prototypePolicy } from './ai/prototype.js';
export {
  type GameReview,
  type ReviewedMove,
  type ReviewJob,
  type ReviewMark,
  type ReviewMove,
  type ReviewSeat,
  reviewRecord,
  startReview,
} from './ai/review.js';
export { STRONG_BUDGET, type StrongBudget, strongPolicy } from './ai/strong.js';
export { type Applied, applyCommand } from './apply.js';
export {
  type Card,
  cardLabel,
  DECK_SIZE,
  decksFor,
  RANK_LABELS,
  RANKS,
  type Rank,
  SUIT_SYMBOLS,
  SUITS,
  type Suit,
} from './card.js';
export type { Command, CommandType } from './command.js';
export { createGame, tableOptions } from './create.js';
export { type Decision, decide } from './decide.js';
export { type DueAction, dueAction, isChoosingFaceUp } from './due.js';
export type { EventType, GameEvent } from './event.js';
export { evolve, evolveAll } from './evolve.js';
export { type FaceUpPick, pickFaceUp } from './face-up-pick.js';
export { canonicalJson, fnv1a64, stateHash } from './hash.js';
export {
  activeSource,
  blindId,
  canPlayOn,
  effectiveTop,
  legalMoves,
  type Move,
  parseBlindId,
  randomLegalMove,
} from './moves.js';
export {
  appendEntry,
  type GameRecord,
  newRecord,
  RECORD_VERSION,
  type RecordEntry,
  type RecordSeat,
  type ReplayError,
  replay,
  replayStates,
} from './record.js';
export { err, ok, type Result } from './result.js';
export { createRng, nextFloat, nextInt, nextU32, type Rng, type RngState, rngFromSeed, shuffleInPlace } from './rng.js';
export {
  type ErrorCategory,
  type ErrorDefinition,
  messagesOf,
  RULE_ERRORS,
  type RuleError,
  type RuleErrorCode,
  ruleError,
  ruleErrorCategory,
} from './rule-error.js';
export {
  DEFAULT_RULES,
  isPresetName,
  PRESETS,
  type Preset,
  type PresetName,
  RULE_NAMES,
  type Rules,
  rulesFrom,
} from './rules.js';
export {
  dealSeed,
  type EntryStats,
  entryAt,
  type GameMeans,
  type Interval,
  policyNames,
  type SimulationError,
  type SimulationErrorCode,
  type SimulationGame,
  type SimulationOptions,
  type SimulationProgress,
  type SimulationReport,
  simulate,
  wilsonInterval,
} from './simulate.js';
export { cardsLeft, entryFeeFor, firstPlayer, standingsOf } from './standings.js';
export {
  type AiLevel,
  type EndReason,
  FACE_DOWN_COUNT,
  FACE_UP_COUNT,
  type Flow,
  type GameResult,
  type GameState,
  HAND_TARGET,
  MAX_SEATS,
  MIN_SEATS,
  MOVE_CAP,
  type Phase,
  type Seat,
  type Source,
  type Standing,
  type TableOptions,
} from './state.js';
export { type BlindCard, type GameView, type Hints, type SeatView, viewFor } from './view.js';
