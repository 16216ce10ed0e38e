'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './captures.module.css';

/** A button that opens something in the playground, then goes there; what went wrong stays beside it. */
export function OpenInPlayground({ open, testId, label }: { open: () => Promise<void>; testId: string; label: string }) {
  const router = useRouter();
  const [state, setState] = useState<'idle' | 'opening' | string>('idle');
  return (
    <>
      <Button
        disabled={state === 'opening'}
        data-testid={testId}
        onClick={() => {
          setState('opening');
          open().then(
            () => router.push('/'),
            (error: unknown) => setState(error instanceof Error ? error.message : String(error)),
          );
        }}
      >
        {label}
      </Button>
      {state !== 'idle' && state !== 'opening' ? (
        <span role="alert" className={styles.muted}>
          {' '}
          {state}
        </span>
      ) : null}
    </>
  );
}
