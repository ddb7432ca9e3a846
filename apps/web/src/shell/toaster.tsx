import * as ToastPrimitive from '@radix-ui/react-toast';
import { type ReactElement, useRef } from 'react';
import { TOAST_DURATION_MS, useToasts } from '../stores/toast-store.js';
import { useToastEdge } from './use-toast-edge.js';

/**
 * Toasts on Radix's accessible primitive: announced politely, F8 focuses the region, swipe right
 * (threshold 50 px) dismisses, one at a time, 5 s unless told, at most 420 px wide from medium
 * screens up (docs/product.md §P1.9). A toast sits over the top bar, or over the tab bar when the top would
 * cover a control of the page (`useToastEdge`), and stays there: it never covers what the player
 * came to use, and never jumps under a finger.
 */
export function Toaster(): ReactElement {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const viewport = useRef<HTMLOListElement>(null);
  const edge = useToastEdge(viewport, toasts[0]?.id ?? null);
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={50}
      duration={TOAST_DURATION_MS}
      label="Notification"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          className={`toast${t.variant === 'destructive' ? ' toast-destructive' : ''}`}
          duration={t.duration ?? TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
        >
          <ToastPrimitive.Title className="toast-title">{t.title}</ToastPrimitive.Title>
          {t.description !== undefined && (
            <ToastPrimitive.Description className="toast-description">{t.description}</ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close className="toast-close" aria-label="Close">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport ref={viewport} className="toast-viewport" data-edge={edge} hotkey={['F8']} />
    </ToastPrimitive.Provider>
  );
}
