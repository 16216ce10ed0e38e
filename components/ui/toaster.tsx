'use client';

import { Toaster as Sonner } from 'sonner';

/**
 * Where toasts appear (sonner): news about an action that finished elsewhere on the page, with the
 * way back when there is one. Colours follow the app's palette and the system's light or dark.
 */
export function Toaster() {
  return (
    <Sonner
      theme="system"
      position="bottom-center"
      closeButton
      style={
        {
          '--normal-bg': 'var(--bg)',
          '--normal-text': 'var(--fg)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
    />
  );
}

export { toast } from 'sonner';
