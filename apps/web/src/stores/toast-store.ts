import { create } from 'zustand';

export interface Toast {
  readonly id: number;
  readonly title: string;
  readonly description?: string;
  readonly variant?: 'default' | 'destructive';
  /** ms; default 5000 (docs/product.md §P1.9: 3 s on game toasts). */
  readonly duration?: number;
  /** When it was shown (ms since the epoch): a toast older than the table's next move goes (table/move-log.tsx). */
  readonly shownAt: number;
}

interface ToastState {
  readonly toasts: readonly Toast[];
  show(toast: Omit<Toast, 'id' | 'shownAt'>): void;
  dismiss(id: number): void;
}

/** At most one toast at a time (docs/product.md §P1.9): a new one replaces the one showing. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

let next = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show(toast) {
    set((state) => ({
      toasts: [{ ...toast, id: next++, shownAt: Date.now() }, ...state.toasts].slice(0, TOAST_LIMIT),
    }));
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shows a toast from anywhere. */
export function toast(input: Omit<Toast, 'id' | 'shownAt'>): void {
  useToasts.getState().show(input);
}
