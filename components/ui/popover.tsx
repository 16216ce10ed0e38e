'use client';

import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { FLOATING } from './tooltip';

const POPOVER_CLASS = 'z-50 max-w-80 rounded-control border border-border bg-background px-3 py-2 text-sm leading-snug text-foreground shadow-lg';

/**
 * Help behind a small "?" beside a label (Radix Popover): opened by a click or a tap, so it works
 * on a phone where a hover tooltip never shows, and closed by Escape or a click elsewhere.
 */
export function HelpPopover({ label, children }: { label: string; children: ReactNode }) {
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger
        aria-label={`About ${label}`}
        className="inline-grid size-5 shrink-0 place-items-center rounded-full border border-border bg-background p-0 text-xs leading-none text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        ?
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content side="bottom" align="start" {...FLOATING} className={POPOVER_CLASS}>
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
