import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ReactElement } from 'react';
import { TOAST_DURATION_MS, useToasts } from '../stores/toast-store.js';

/**
 * Toasts on Radix's accessible primitive: announced politely, F8 focuses the region, swipe right
 * (threshold 50 px) dismisses, one at a time, 5 s unless told (spec 01 §9).
 */
export function Toaster(): ReactElement {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
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
      <ToastPrimitive.Viewport className="toast-viewport" hotkey={['F8']} />
    </ToastPrimitive.Provider>
  );
}
