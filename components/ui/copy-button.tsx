'use client';

import { useState } from 'react';
import { Button } from './button';

/**
 * A button that copies a text, saying beside it whether the browser let it: a page served over
 * plain HTTP from another name than localhost has no clipboard, and the person must know to select.
 */
export function CopyButton({ text, label = 'Copy', testId, statusTestId }: { text: string; label?: string; testId?: string; statusTestId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" onClick={copy} data-testid={testId} aria-label={`${label}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`}>
        {label}
      </Button>
      <span role="status" className="text-xs text-muted-foreground" data-testid={statusTestId}>
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'The browser refused the clipboard: select the text and copy it.' : ''}
      </span>
    </span>
  );
}
