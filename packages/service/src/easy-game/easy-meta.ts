import type { SeatKeys } from '../seat-proofs.js';

/**
 * What the easy variant keeps beside the engine state: public seat id → digest of that seat's
 * credential (human seats only; the credential itself is never stored, docs/product.md §D8).
 */
export type EasyMeta = {
  readonly keys: SeatKeys;
};
