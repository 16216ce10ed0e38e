'use client';

import { useMemo, useState } from 'react';
import { ScrollablePre } from '@/components/scrollable-pre/scrollable-pre';
import { Button } from '@/components/ui/button';
import styles from './preview.module.css';

/** Past this many characters the view shows the start only; Copy always copies all of it. */
const SHOWN_CHARACTERS = 200_000;

/** A value as pretty JSON, with a copy button. Rendered as text: nothing in it can run. */
export function RawJson({ value }: { value: unknown }) {
  const json = useMemo(() => JSON.stringify(value, null, 2), [value]);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(json);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className={styles.raw}>
      <div className={styles.rawBar}>
        <span className={styles.muted}>{json.length.toLocaleString('en-US')} characters</span>
        <Button onClick={copy} data-testid="copy-raw-json">
          Copy JSON
        </Button>
        <span role="status" className={styles.muted} data-testid="copy-status">
          {copied === 'copied' ? 'Copied.' : copied === 'failed' ? 'The browser refused the clipboard: select the text and copy it.' : ''}
        </span>
      </div>
      <ScrollablePre label="The full plan as JSON" data-testid="raw-json">
        {json.length > SHOWN_CHARACTERS
          ? `${json.slice(0, SHOWN_CHARACTERS)}\n… (${(json.length - SHOWN_CHARACTERS).toLocaleString('en-US')} more characters: use Copy JSON)`
          : json}
      </ScrollablePre>
    </div>
  );
}
