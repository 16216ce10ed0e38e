'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import styles from './captures.module.css';
import { ProviderCountToggle } from './provider-count-toggle';
import { TimelineReportView } from './timeline-report-view';

interface CapturedAnswer extends TimelineReport {
  /** Captures read, answered by a provider or not. */
  captures: number;
}

type Replay = { status: 'idle' } | { status: 'replaying' } | { status: 'replayed'; answer: CapturedAnswer } | { status: 'failed'; message: string };

/**
 * What runtimes sent through Fork Lab's endpoint and a provider answered, replayed through the
 * cache rules as an imported log is: a capture's number is the request's row, its session the
 * source. Asked for, not polled: the captures list refreshes every two seconds, a replay need not.
 */
export function CapturedTimeline() {
  const [replay, setReplay] = useState<Replay>({ status: 'idle' });
  const [providerCount, setProviderCount] = useState(false);

  async function run(count: boolean) {
    setReplay({ status: 'replaying' });
    try {
      const response = await fetch(`/api/captures/timeline${count ? '?count=anthropic' : ''}`);
      if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
      setReplay({ status: 'replayed', answer: (await response.json()) as CapturedAnswer });
    } catch (error) {
      setReplay({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const answer = replay.status === 'replayed' ? replay.answer : null;
  return (
    <section aria-label="Cache timeline of captured traffic" data-testid="captured-timeline" data-status={replay.status}>
      <h2>Cache timeline of captured traffic</h2>
      <p className={styles.muted}>
        The requests runtimes sent through Fork Lab that a provider answered with its usage, through the same rules, each under its session and capture number.
        With <code>FORK_LAB_CACHE_DIAGNOSTICS=1</code>, Anthropic’s own diagnosis of each miss stands beside Fork Lab’s.
      </p>
      <ProviderCountToggle
        checked={providerCount}
        disabled={replay.status === 'replaying'}
        testId="captured-count-anthropic"
        onChange={(checked) => {
          setProviderCount(checked);
          // A timeline already shown is replayed again with the new counts.
          if (replay.status === 'replayed' || replay.status === 'failed') void run(checked);
        }}
      />
      <Button type="button" onClick={() => void run(providerCount)} disabled={replay.status === 'replaying'} data-testid="captured-timeline-run">
        {replay.status === 'replayed' ? 'Replay again' : 'Replay captured traffic'}
      </Button>
      {replay.status === 'replaying' && <p role="status">Replaying the captures…</p>}
      {replay.status === 'failed' && (
        <p role="alert" data-testid="captured-timeline-error">
          {replay.message}
        </p>
      )}
      {answer !== null &&
        (answer.entries.length === 0 ? (
          <p data-testid="captured-timeline-empty">
            None of the {answer.captures} newest captures was answered by a provider with its usage: the offline model reports none. Set{' '}
            <code>FORK_LAB_UPSTREAM_ANTHROPIC</code> or <code>FORK_LAB_UPSTREAM_OPENAI</code> so Fork Lab forwards what runtimes send.
          </p>
        ) : (
          <>
            <p data-testid="captured-timeline-source">
              {answer.entries.length} of the {answer.captures} newest captures, answered with usage, in the order sent.
            </p>
            <TimelineReportView report={answer} />
          </>
        ))}
    </section>
  );
}
