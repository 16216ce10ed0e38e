'use client';

import { useMemo } from 'react';
import { ScrollablePre } from '@/components/scrollable-pre/scrollable-pre';
import { CopyButton } from '@/components/ui/copy-button';
import styles from './preview.module.css';

/** Past this many characters the view shows the start only; Copy always copies all of it. */
const SHOWN_CHARACTERS = 200_000;

/** A value as pretty JSON, with a copy button. Rendered as text: nothing in it can run. */
export function RawJson({ value }: { value: unknown }) {
  const json = useMemo(() => JSON.stringify(value, null, 2), [value]);

  return (
    <div className={styles.raw}>
      <div className={styles.rawBar}>
        <span className={styles.muted}>{json.length.toLocaleString('en-US')} characters</span>
        <CopyButton text={json} label="Copy JSON" testId="copy-raw-json" statusTestId="copy-status" />
      </div>
      <ScrollablePre label="The full plan as JSON" data-testid="raw-json">
        {json.length > SHOWN_CHARACTERS
          ? `${json.slice(0, SHOWN_CHARACTERS)}\n… (${(json.length - SHOWN_CHARACTERS).toLocaleString('en-US')} more characters: use Copy JSON)`
          : json}
      </ScrollablePre>
    </div>
  );
}
