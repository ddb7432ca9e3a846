import { toast } from '../../../stores/toast-store.js';
import { errorText } from '../variant-api.js';
import { type Notice, TOAST_MS } from './public-logic.js';

/** A refusal or failure (docs/product.md §P2.8): titled "Error", the server's own words or the fallback, 3 s. */
export function showError(error: unknown, fallback: string): void {
  toast({ title: 'Error', description: errorText(error, fallback), variant: 'destructive', duration: TOAST_MS });
}

/** A check of these screens that failed before any call ("Invalid Selection", "No Card Selected"). */
export function showNotice(notice: Notice, destructive = true): void {
  toast({ ...notice, ...(destructive ? { variant: 'destructive' as const } : {}), duration: TOAST_MS });
}
