'use client';

import { useState } from 'react';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import type { ForkFinding } from '@/lib/recording/fork-finding';
import type { ForkWindowWhatIf } from '@/lib/recording/fork-window-what-if';
import styles from './captures.module.css';
import { forkQuery } from './open-capture';

const tokens = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));

function savingText(saving: number | null | undefined, sent: boolean): string {
  if (sent) return 'sent';
  if (saving === null || saving === undefined) return 'unknown';
  const figure = Math.abs(saving) < 0.0001 ? 'under $0.0001' : `$${Math.abs(saving).toPrecision(2)}`;
  return saving === 0 ? 'the same' : saving > 0 ? `saves ${figure}` : `costs ${figure} more`;
}

/**
 * The captured fork beside the same call with the runtime's other windows, planned on the parent
 * as recorded and priced at the child's provider: asked for when opened, since each window is
 * planned and counted on the server.
 */
export function WindowWhatIf({ fork, checkedBy }: { fork: ForkFinding; checkedBy: { runtime: string; project: string } }) {
  const [state, setState] = useState<
    { status: 'idle' | 'asking' } | { status: 'done'; whatIf: ForkWindowWhatIf | null } | { status: 'failed'; message: string }
  >({
    status: 'idle',
  });
  const ask = async () => {
    if (state.status !== 'idle') return;
    setState({ status: 'asking' });
    try {
      const response = await fetch(`/api/captures/${fork.childId}/what-if?${forkQuery(fork, checkedBy)}`);
      if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
      setState({ status: 'done', whatIf: ((await response.json()) as { whatIf: ForkWindowWhatIf | null }).whatIf });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <details
      className={styles.items}
      data-testid="window-what-if"
      onToggle={(event) => {
        if ((event.target as HTMLDetailsElement).open) void ask();
      }}
    >
      <summary>Other windows</summary>
      {state.status === 'asking' ? <p className={styles.muted}>Planning and pricing each window…</p> : null}
      {state.status === 'failed' ? (
        <p role="alert" className={styles.muted}>
          {state.message}
        </p>
      ) : null}
      {state.status === 'done' && state.whatIf === null ? (
        <p className={styles.muted}>{fork.runtime} has no window: its fork always inherits the same history.</p>
      ) : null}
      {state.status === 'done' && state.whatIf !== null ? (
        <table className={styles.whatIfTable} data-testid="window-what-if-table">
          <caption className={styles.muted}>
            {state.whatIf.field} by the shipped rules, the child’s first request at {state.whatIf.target.provider} {state.whatIf.target.model}
          </caption>
          <thead>
            <tr>
              <th scope="col">{state.whatIf.field}</th>
              <th scope="col">Messages</th>
              <th scope="col">Input tokens</th>
              <th scope="col">Cached</th>
              <th scope="col">Input cost</th>
              <th scope="col">Against sent</th>
            </tr>
          </thead>
          <tbody>
            {state.whatIf.windows.map((outcome) => (
              <tr key={outcome.window} data-testid="window-what-if-row" data-window={outcome.window} data-sent={outcome.sent || undefined}>
                <th scope="row">{outcome.window}</th>
                {outcome.refused === undefined ? (
                  <>
                    <td>{tokens(outcome.initialMessages)}</td>
                    <td>{tokens(outcome.inputTokens)}</td>
                    <td>{tokens(outcome.cachedTokens)}</td>
                    <td>{outcome.cost === undefined ? 'unknown' : formatDollars(outcome.cost)}</td>
                    <td data-testid="window-what-if-saving">{savingText(outcome.saving, outcome.sent)}</td>
                  </>
                ) : (
                  <td colSpan={5} className={styles.muted}>
                    refused: {outcome.refused.join(' ')}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}
