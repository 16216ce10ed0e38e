'use client';

import { useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import type { TrafficProblem } from '@/lib/traffic/traffic-exchange';
import { TRAFFIC_FORMAT_LABELS, type TrafficFormat } from '@/lib/traffic/traffic-formats';
import { unreplayedSummary } from '@/lib/traffic/unreplayed-requests';
import styles from './captures.module.css';
import { ProviderCountToggle } from './provider-count-toggle';
import { TimelineReportView } from './timeline-report-view';

interface TimelineAnswer extends TimelineReport {
  format: TrafficFormat;
  problems: TrafficProblem[];
}

type Reading =
  | { status: 'idle' }
  | { status: 'reading'; name: string }
  | { status: 'read'; name: string; file: File; answer: TimelineAnswer }
  /** A failed read keeps what was shown before (the same log counted otherwise), beside the error. */
  | { status: 'failed'; message: string; name?: string; file?: File; answer?: TimelineAnswer };

/**
 * A traffic log a person already has (claude-trace JSONL, a HAR file) replayed through the cache
 * rules: each request's predicted reads and writes beside what its provider reported, a verdict,
 * and the rule's reasons.
 */
export function TrafficTimeline() {
  const [reading, setReading] = useState<Reading>({ status: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const [providerCount, setProviderCount] = useState(false);
  // Only the latest read may show its answer: a file picked while another is read replaces it.
  const latest = useRef(0);

  async function read(file: File, count: boolean) {
    const shown = reading.status === 'read' || reading.status === 'failed' ? reading : null;
    const ticket = ++latest.current;
    setReading({ status: 'reading', name: file.name });
    try {
      const query = `name=${encodeURIComponent(file.name.slice(0, 300))}${count ? '&count=anthropic' : ''}`;
      const response = await fetch(`/api/traffic/timeline?${query}`, { method: 'POST', body: file });
      if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
      const answer = (await response.json()) as TimelineAnswer;
      if (ticket === latest.current) setReading({ status: 'read', name: file.name, file, answer });
    } catch (error) {
      if (ticket !== latest.current) return;
      const message = error instanceof Error ? error.message : String(error);
      // Only the same log's earlier reading stays: another file's rows would read as this one's.
      setReading(
        shown?.answer !== undefined && shown.file === file
          ? { status: 'failed', message, name: file.name, file, answer: shown.answer }
          : { status: 'failed', message },
      );
    }
  }

  const answer = reading.status === 'read' || reading.status === 'failed' ? (reading.answer ?? null) : null;
  const answerName = reading.status === 'read' || reading.status === 'failed' ? (reading.name ?? '') : '';
  const requestsRead = answer === null ? 0 : answer.entries.length + answer.unreplayed.length;
  return (
    <section aria-label="Cache timeline" data-testid="traffic-timeline" data-status={reading.status}>
      <h2>Cache timeline of a traffic log</h2>
      <p className={styles.muted}>
        A claude-trace log (<code>.jsonl</code>), a HAR file, a mini-swe-agent trajectory (<code>.traj.json</code>) or a VCR cassette (<code>.yaml</code>):
        every Messages, Chat Completions, Responses, generateContent or Bedrock Converse request, in the order sent, through its provider’s cache as the shipped
        rules describe it (through OpenRouter or Bedrock, in that route’s own cache), with the breakpoints it was sent with, beside the usage the provider
        reported. Read and written are shown as <em>read / written</em> tokens. Where a request asked Anthropic for its cache diagnostics (
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
            const picked = event.target.files?.[0];
            if (picked === undefined) return;
            setFile(picked);
            void read(picked, providerCount);
          }}
        />
      </label>
      <ProviderCountToggle
        checked={providerCount}
        disabled={reading.status === 'reading'}
        testId="traffic-count-anthropic"
        onChange={(checked) => {
          setProviderCount(checked);
          // A log already read is read again with the new counts, beside the same file.
          if (file !== null) void read(file, checked);
        }}
      />
      {reading.status === 'reading' && <p role="status">Replaying {reading.name}…</p>}
      {reading.status === 'failed' && (
        <p role="alert" data-testid="traffic-error">
          {reading.message}
        </p>
      )}
      {answer !== null && (
        <>
          <p data-testid="traffic-source">
            {answerName}: {requestsRead} model request{requestsRead === 1 ? '' : 's'} read as {TRAFFIC_FORMAT_LABELS[answer.format].file}, in the order sent.
          </p>
          {answer.unreplayed.length > 0 && (
            <p className={styles.muted} data-testid="traffic-unreplayed">
              {unreplayedSummary(answer.unreplayed)}
            </p>
          )}
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
