'use client';

import { useState } from 'react';
import { ChunkSides, sidesOf } from '@/components/text-diff/chunk-sides';
import { Input } from '@/components/ui/input';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import type { BreakpointWhatIf } from '@/lib/traffic/breakpoint-what-if';
import type { ProviderAgreement } from '@/lib/traffic/cache-agreement';
import type { TimelineEntry } from '@/lib/traffic/cache-timeline';
import type { TrafficProblem } from '@/lib/traffic/traffic-exchange';
import { TRAFFIC_FORMAT_LABELS, type TrafficFormat } from '@/lib/traffic/traffic-formats';
import { BreakpointWhatIfTable } from './breakpoint-what-if-table';
import styles from './captures.module.css';
import { ProviderDiagnosisCell } from './provider-diagnosis-cell';
import { TableFrame } from './table-frame';

interface TimelineAnswer {
  format: TrafficFormat;
  problems: TrafficProblem[];
  entries: TimelineEntry[];
  agreement: ProviderAgreement[];
  whatIf: BreakpointWhatIf;
}

type Reading =
  | { status: 'idle' }
  | { status: 'reading'; name: string }
  | { status: 'read'; name: string; answer: TimelineAnswer }
  | { status: 'failed'; message: string };

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');
const share = (part: number, whole: number) => `${part} of ${whole} (${whole === 0 ? '—' : `${Math.round((100 * part) / whole)}%`})`;

/** The verdict as a mark and its word; the data attribute keeps the page's verdict colours. */
const VERDICTS: Record<TimelineEntry['verdict'], { mark: string; tone: string }> = {
  agrees: { mark: '✓', tone: 'matches' },
  disagrees: { mark: '✗', tone: 'differs' },
  'no usage': { mark: '–', tone: 'unknown' },
  'no rule': { mark: '?', tone: 'unknown' },
};

function AgreementLine({ agreement }: { agreement: ProviderAgreement }) {
  const { provider, requests, unpredicted, hitMissAgrees, shareWithin } = agreement;
  return (
    <li data-testid="traffic-agreement" data-provider={provider}>
      <strong>{provider}</strong>: {requests} request{requests === 1 ? '' : 's'} with reported usage · hit or miss agrees {share(hitMissAgrees, requests)} ·
      cached share within 5 points {share(shareWithin, requests)}
      {unpredicted > 0 ? ` · ${unpredicted} without a rule for their model` : ''}
    </li>
  );
}

const dollars = (value: number) => (value < 0.0001 ? 'under $0.0001' : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`);

function sideProps(chunks: Parameters<typeof sidesOf>[0]) {
  const [left, right] = sidesOf(chunks);
  return { left, right };
}

/** The earlier request this one shares the most with, where they part, and what the unread part cost. */
function Parting({ entry, startMs, named }: { entry: TimelineEntry; startMs: number; named: boolean }) {
  const { parting, missedDollars } = entry;
  if (parting === null) return <span className={styles.muted}>No earlier request starts the same way.</span>;
  const earlier = `${named ? `${parting.earlier.source} ` : ''}#${parting.earlier.index} (+${formatSeconds(parting.earlier.atMs - startMs)})`;
  return (
    <>
      {parting.reason === null
        ? `Repeats all of ${earlier}: ${tokens(parting.sharedTokens)} tokens of this request`
        : `Shares ${tokens(parting.sharedTokens)} tokens with ${earlier}, then ${parting.reason} at `}
      {parting.path !== null && <code>{parting.path}</code>}
      {missedDollars !== null && missedDollars > 0 && (
        <>
          {' '}
          · <strong data-testid="traffic-missed-dollars">{dollars(missedDollars)}</strong> paid for shared tokens not read
        </>
      )}
      {parting.diff.length > 0 && (
        <details>
          <summary>Where they part</summary>
          <ChunkSides {...sideProps(parting.diff)} labels={[`#${parting.earlier.index}`, `#${entry.index}`]} testId="traffic-parting-sides" />
        </details>
      )}
    </>
  );
}

function TimelineRow({ entry, startMs, named, diagnosed }: { entry: TimelineEntry; startMs: number; named: boolean; diagnosed: boolean }) {
  const verdict = VERDICTS[entry.verdict];
  return (
    <tr data-testid="traffic-row" data-verdict={entry.verdict}>
      <td>
        {named ? `${entry.source} ` : ''}#{entry.index}
      </td>
      <td>+{formatSeconds(entry.atMs - startMs)}</td>
      <td>{entry.model}</td>
      <td className={styles.figures}>
        {entry.predicted === null ? '—' : `${tokens(entry.predicted.cachedTokens)} / ${tokens(entry.predicted.writtenTokens)}`}
      </td>
      <td className={styles.figures}>{entry.reported === null ? '—' : `${tokens(entry.reported.cachedTokens)} / ${tokens(entry.reported.writtenTokens)}`}</td>
      <td>
        <span className={styles.verdict} data-verdict={verdict.tone}>
          {verdict.mark} {entry.verdict}
        </span>
      </td>
      <td className={`${styles.muted} ${styles.explains}`}>{entry.reasons.join(' ')}</td>
      <td className={styles.explains} data-testid="traffic-parting">
        <Parting entry={entry} startMs={startMs} named={named} />
      </td>
      {diagnosed && (
        <td className={styles.explains}>
          <ProviderDiagnosisCell diagnosis={entry.diagnosis} startMs={startMs} />
        </td>
      )}
    </tr>
  );
}

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
  const startMs = answer?.entries.reduce((first, entry) => Math.min(first, entry.atMs), Number.POSITIVE_INFINITY) ?? 0;
  // One log names itself once, above the table; several name their own rows.
  const named = new Set(answer?.entries.map((entry) => entry.source)).size > 1;
  // The provider's own diagnosis has a column only where some request asked for one.
  const diagnosed = answer?.entries.some((entry) => entry.diagnosis !== null) ?? false;
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
          <ul>
            {answer.agreement.map((agreement) => (
              <AgreementLine key={agreement.provider} agreement={agreement} />
            ))}
          </ul>
          {answer.problems.length > 0 && (
            <p className={styles.muted} data-testid="traffic-problems">
              {answer.problems.length} {TRAFFIC_FORMAT_LABELS[answer.format].places} not read (first: {TRAFFIC_FORMAT_LABELS[answer.format].place}{' '}
              {answer.problems[0]!.line}, {answer.problems[0]!.message}).
            </p>
          )}
          <TableFrame>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Model</th>
                  <th scope="col">
                    Predicted
                    <br />
                    read / written
                  </th>
                  <th scope="col">
                    Reported
                    <br />
                    read / written
                  </th>
                  <th scope="col">Verdict</th>
                  <th scope="col">Why, by the rule</th>
                  <th scope="col">Against the closest earlier request</th>
                  {diagnosed && <th scope="col">The provider’s diagnosis</th>}
                </tr>
              </thead>
              <tbody>
                {answer.entries.map((entry) => (
                  <TimelineRow key={`${entry.source} ${entry.index}`} entry={entry} startMs={startMs} named={named} diagnosed={diagnosed} />
                ))}
              </tbody>
            </table>
          </TableFrame>
          <BreakpointWhatIfTable whatIf={answer.whatIf} />
        </>
      )}
    </section>
  );
}
