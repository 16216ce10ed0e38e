'use client';

import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** How far a floating panel keeps from its trigger and from the screen's edges. */
export const FLOATING = { sideOffset: 6, collisionPadding: 8 } as const;

const TOOLTIP_CLASS = 'z-50 max-w-72 rounded-control bg-foreground px-2.5 py-1.5 text-xs leading-snug text-background shadow-md';

/**
 * A short explanation shown on hover or keyboard focus (Radix Tooltip), for help that would
 * otherwise sit under every field. The trigger keeps its own accessible name; the tip is its
 * description.
 */
export function Tooltip({ content, children, side = 'top' }: { content: ReactNode; children: ReactNode; side?: 'top' | 'bottom' | 'left' | 'right' }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content side={side} {...FLOATING} className={TOOLTIP_CLASS}>
          {content}
          <TooltipPrimitive.Arrow className="fill-foreground" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

/** One provider per page, so tooltips share their open delay and skip it when moving from one to the next. */
export const TooltipProvider = TooltipPrimitive.Provider;
