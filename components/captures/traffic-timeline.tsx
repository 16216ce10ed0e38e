'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import type { TrafficProblem } from '@/lib/traffic/traffic-exchange';
import { TRAFFIC_FORMAT_LABELS, type TrafficFormat } from '@/lib/traffic/traffic-formats';
import styles from './captures.module.css';
import { TimelineReportView } from './timeline-report-view';

interface TimelineAnswer extends TimelineReport {
  format: TrafficFormat;
  problems: TrafficProblem[];
}

type Reading =
  | { status: 'idle' }
  | { status: 'reading'; name: string }
  | { status: 'read'; name: string; answer: TimelineAnswer }
  | { status: 'failed'; message: string };

/**
 * A traffic log a person already has (claude-trace JSONL, a HAR file) replayed through the cache
 * rules: each request's predicted reads and writes beside what its provider reported, a verdict,
 * and the rule's reasons.
 */
export function TrafficTimeline() {
  const [reading, setReading] = useState<Reading>({ status: 'idle' });

  async function read(file: File) {
    setReading({ status: 'reading', name: file.name });
    try {
      const response = await fetch(`/api/traffic/timeline?name=${encodeURIComponent(file.name.slice(0, 300))}`, { method: 'POST', body: file });
      if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
      setReading({ status: 'read', name: file.name, answer: (await response.json()) as TimelineAnswer });
    } catch (error) {
      setReading({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const answer = reading.status === 'read' ? reading.answer : null;
  return (
    <section aria-label="Cache timeline" data-testid="traffic-timeline" data-status={reading.status}>
      <h2>Cache timeline of a traffic log</h2>
      <p className={styles.muted}>
        A claude-trace log (<code>.jsonl</code>), a HAR file, a mini-swe-agent trajectory (<code>.traj.json</code>) or a VCR cassette (<code>.yaml</code>):
        every Messages, Chat Completions or Responses request, in the order sent, through its provider’s cache as the shipped rules describe it, with the
        breakpoints it was sent with, beside the usage the provider reported. Token counts are scaled to each request’s reported total, so shares are compared,
        not tokenizers. Read and written are shown as <em>read / written</em> tokens. Where a request asked Anthropic for its cache diagnostics (
        <code>diagnostics.previous_message_id</code>), the provider’s own reason stands beside Fork Lab’s.
      </p>
      <label>
        Traffic log{' '}
        <Input
          type="file"
          accept=".jsonl,.har,.json,.yaml,.yml"
          className="max-w-full"
          data-testid="traffic-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) void read(file);
          }}
        />
      </label>
      {reading.status === 'reading' && <p role="status">Replaying {reading.name}…</p>}
      {reading.status === 'failed' && (
        <p role="alert" data-testid="traffic-error">
          {reading.message}
        </p>
      )}
      {answer !== null && (
        <>
          <p data-testid="traffic-source">
            {reading.status === 'read' ? reading.name : ''}: {answer.entries.length} model request{answer.entries.length === 1 ? '' : 's'} read as{' '}
            {TRAFFIC_FORMAT_LABELS[answer.format].file}, in the order sent.
          </p>
          {answer.problems.length > 0 && (
            <p className={styles.muted} data-testid="traffic-problems">
              {answer.problems.length} {TRAFFIC_FORMAT_LABELS[answer.format].places} not read (first: {TRAFFIC_FORMAT_LABELS[answer.format].place}{' '}
              {answer.problems[0]!.line}, {answer.problems[0]!.message}).
            </p>
          )}
          <TimelineReportView report={answer} />
        </>
      )}
    </section>
  );
}
