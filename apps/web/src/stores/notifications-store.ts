import type { NotificationItem, NotificationsResponse, UnreadResponse } from '@palace/protocol';
import { create } from 'zustand';
import { apiGet, apiRequest } from '../lib/api.js';

/** How often the bell asks for the unread count while the page is visible, in ms. */
export const BELL_POLL_MS = 30_000;

interface NotificationsState {
  /** Unread notifications (the bell's badge). */
  readonly unread: number;
  /** The list as last loaded, newest first; null before the first load. */
  readonly items: readonly NotificationItem[] | null;
  /** The last load's failure, or null. */
  readonly error: string | null;
  /** Asks the server for the unread count (a failure keeps the count shown). */
  refreshCount(): Promise<void>;
  /** Loads the list (with the count), then marks what it shows read; the items keep `read` as loaded. */
  open(): Promise<void>;
  /** Forgets everything (signed out). */
  reset(): void;
}

/**
 * The bell's notifications (docs/web.md "Friends and the bell"): the unread count, polled every
 * 30 s and on focus by the bell, and the list loaded when the bell opens.
 */
export const useNotifications = create<NotificationsState>()((set) => ({
  unread: 0,
  items: null,
  error: null,
  async refreshCount() {
    try {
      const answer = await apiGet<UnreadResponse>('/api/notifications/unread', { on401: 'null' });
      set({ unread: answer?.unread ?? 0 });
    } catch {
      // Offline or a hiccup: the next poll tries again.
    }
  },
  async open() {
    try {
      const page = await apiGet<NotificationsResponse>('/api/notifications', { on401: 'null' });
      set({ items: page?.items ?? [], unread: page?.unread ?? 0, error: null });
      // Only what is shown is marked read: one that arrived meanwhile stays new.
      const ids = (page?.items ?? []).filter((item) => !item.read).map((item) => item.id);
      if (ids.length === 0) return;
      const left = await apiRequest<UnreadResponse>('POST', '/api/notifications/read', { ids });
      set({ unread: left.unread });
    } catch (error) {
      set({ error: error instanceof Error && error.message !== '' ? error.message : 'Could not load notifications' });
    }
  },
  reset() {
    set({ unread: 0, items: null, error: null });
  },
}));
