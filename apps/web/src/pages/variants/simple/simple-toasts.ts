import { toast } from '../../../stores/toast-store.js';

/** The simple variants' toasts (docs/product.md §P2.5, §P2.8), each shown for 3 s (docs/product.md §P2.9). */
export const TOAST_MS = 3000;

/** A refusal or failure: titled "Error", the server's own text (or the spec's fallback). */
export function errorToast(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive', duration: TOAST_MS });
}

/** docs/product.md §P2.5 "Face-up selection, simple REST", word for word. */
export const SELECTION_TOASTS = {
  limit: { title: 'Selection Limit', description: 'You can only select 3 cards for face-up' },
  required: { title: 'Selection Required', description: 'You must select exactly 3 cards' },
} as const;

/** A 4th face-up pick, or confirming with fewer than 3. */
export function selectionToast(kind: keyof typeof SELECTION_TOASTS): void {
  toast({ ...SELECTION_TOASTS[kind], variant: 'destructive', duration: TOAST_MS });
}
