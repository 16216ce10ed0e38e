'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { VisibleText } from '@/components/visible-text/visible-text';
import { type FoldLimits, foldedText } from '@/lib/view/folded-text';

/** What a list of messages shows of each before "Show all": a few lines of a long one. */
export const MESSAGE_FOLD: FoldLimits = { characters: 1200, lines: 16 };

export interface FoldedTextProps {
  text: string;
  limits?: FoldLimits;
  className?: string;
  'data-testid'?: string;
}

/**
 * A message's text in a list: whole when it is short, else its start and a "Show all" that opens
 * it in place. It never scrolls in a box of its own, so the list it sits in is the one scroll area.
 */
export function FoldedText({ text, limits = MESSAGE_FOLD, className, 'data-testid': testId }: FoldedTextProps) {
  const [open, setOpen] = useState(false);
  const folded = foldedText(text, limits);
  return (
    <>
      <pre className={className} data-testid={testId} data-folded={folded !== null && !open ? true : undefined}>
        <VisibleText text={folded === null || open ? text : `${folded}…`} />
      </pre>
      {folded !== null && (
        <Button variant="link" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="unfold-text">
          {open ? 'Fold' : `Show all ${text.length.toLocaleString('en-US')} characters`}
        </Button>
      )}
    </>
  );
}
