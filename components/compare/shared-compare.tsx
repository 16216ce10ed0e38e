'use client';

import Link from 'next/link';
import { useModels } from '@/components/playground/use-models';
import type { ShareSnapshot } from '@/lib/share/share-snapshot';
import styles from './compare.module.css';
import { CompareWorkbench } from './compare-workbench';

/** A shared compare: the snapshot's parent, variants and sweeps, re-planned by this server, read-only. */
export function SharedCompare({ id, snapshot }: { id: string; snapshot: ShareSnapshot & { createdAt: string } }) {
  const models = useModels();
  return (
    <CompareWorkbench
      sessionId={null}
      title={snapshot.title}
      transcript={snapshot.transcript}
      revision={0}
      setup={snapshot.compare}
      sweeps={snapshot.sweeps.map((sweep) => ({ ...sweep, parentRevision: 0 }))}
      models={models}
      onChange={null}
      actions={
        <>
          <span className={styles.muted} data-testid="shared-note">
            Shared {new Date(snapshot.createdAt).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC · read-only · <code>{id.slice(0, 12)}</code>
          </span>
          <Link href="/">Open Fork Lab</Link>
        </>
      }
    />
  );
}
