'use client';

import { useState } from 'react';
import type { SessionSource } from '@/lib/workspace/workspace';
import { AgentUsageTable } from './agent-usage-table';
import styles from './import.module.css';
import { ImportReport } from './import-report';

/**
 * Where an imported parent came from, with its fidelity report: open when the session is opened,
 * so the person reads what was dropped or guessed before forking, and foldable after.
 */
export function ImportedFrom({ source }: { source: Extract<SessionSource, { kind: 'import' }> }) {
  const [open, setOpen] = useState(true);
  const findings = source.report.entries.length;
  return (
    <details className={styles.importedFrom} open={open} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="import-report-details">
      <summary>
        Imported from {source.fileName ?? 'pasted text'} · {findings} finding{findings === 1 ? '' : 's'}
      </summary>
      {source.agentUsage !== undefined && <AgentUsageTable agents={source.agentUsage} />}
      <ImportReport report={source.report} fileName={source.fileName} />
    </details>
  );
}
