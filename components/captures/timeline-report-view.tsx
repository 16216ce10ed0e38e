'use client';

import { useCallback, useRef, useState } from 'react';
import { ChunkSides, sidesOf } from '@/components/text-diff/chunk-sides';
import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import { agreementSummary, type ProviderAgreement } from '@/lib/traffic/cache-agreement';
import type { TimelineEntry } from '@/lib/traffic/cache-timeline';
import { describeDisagreement } from '@/lib/traffic/disagreement';
import { type CacheLeft, cacheLeftBy, inPlainWords } from '@/lib/traffic/plain-words';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import { BreakpointWhatIfTable } from './breakpoint-what-if-table';
import { CacheTimelineChart } from './cache-timeline-chart';
import styles from './captures.module.css';
import { TokenSourceLine } from './provider-count-toggle';
import { ProviderDiagnosisCell, type RequestLabel } from './provider-diagnosis-cell';
import { TableFrame } from './table-frame';

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');

/** The verdict as a mark and its word; the data attribute keeps the page's verdict colours. */
const VERDICTS: Record<TimelineEntry['verdict'], { mark: string; tone: string }> = {
  agrees: { mark: '✓', tone: 'matches' },
  disagrees: { mark: '✗', tone: 'differs' },
  'warmed outside': { mark: '↺', tone: 'outside' },
  'no usage': { mark: '–', tone: 'unknown' },
  'no rule': { mark: '?', tone: 'unknown' },
};

function AgreementLine({ agreement }: { agreement: ProviderAgreement }) {
  return (
    <li data-testid="traffic-agreement" data-provider={agreement.provider}>
      <strong>{agreement.label}</strong>: {agreementSummary(agreement)}
    </li>
  );
}

/** Sources longer than this show their end: a session key (a user id with a session id in it) runs to hundreds of characters. */
const SOURCE_CHARS = 28;

function shortSource(source: string): string {
  return source.length <= SOURCE_CHARS ? source : `…${source.slice(-(SOURCE_CHARS - 1))}`;
}

const dollars = (value: number) => (value < 0.0001 ? 'under $0.0001' : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`);

function sideProps(chunks: Parameters<typeof sidesOf>[0]) {
  const [left, right] = sidesOf(chunks);
  return { left, right };
}

/** How a row names an earlier request: its log where the rows come from several, its number, and when it was sent. */
function requestLabel(startMs: number, named: boolean): RequestLabel {
  return ({ source, index, atMs }) => `${named ? `${shortSource(source)} ` : ''}#${index} (+${formatSeconds(atMs - startMs)})`;
}

/** The earlier request this one shares the most with, where they part, and what the unread part cost. */
function Parting({ entry, label }: { entry: TimelineEntry; label: RequestLabel }) {
  const { parting } = entry;
  if (parting === null) return <span className={styles.muted}>No earlier request starts the same way.</span>;
  const earlier = label(parting.earlier);
  return (
    <>
      {parting.reason === null
        ? `Repeats all of ${earlier}: ${tokens(parting.sharedTokens)} tokens of this request`
        : `Shares ${tokens(parting.sharedTokens)} tokens with ${earlier}, then ${parting.reason} at `}
      {parting.path !== null && <code>{parting.path}</code>}
      {parting.diff.length > 0 && (
        <details>
          <summary>Where they part</summary>
          <ChunkSides {...sideProps(parting.diff)} labels={[`#${parting.earlier.index}`, `#${entry.index}`]} testId="traffic-parting-sides" />
        </details>
      )}
    </>
  );
}

function TimelineRow({
  entry,
  row,
  startMs,
  named,
  diagnosed,
  left,
}: {
  entry: TimelineEntry;
  /** Its place among the shown rows, which the chart names it by. */
  row: number;
  startMs: number;
  named: boolean;
  diagnosed: boolean;
  left: CacheLeft;
}) {
  const verdict = VERDICTS[entry.verdict];
  const label = requestLabel(startMs, named);
  return (
    <tr data-testid="traffic-row" data-row={row} data-verdict={entry.verdict} data-tokens={entry.tokens} className={styles.timelineRow}>
      <td data-label="Request">
        {named && <span title={entry.source}>{shortSource(entry.source)} </span>}#{entry.index}
        {entry.subAgent && (
          <div className={styles.sentBy} data-testid="traffic-sub-agent">
            sub-agent
          </div>
        )}
      </td>
      <td data-label="Sent">+{formatSeconds(entry.atMs - startMs)}</td>
      <td data-label="Model">{entry.model}</td>
      <td data-label="Predicted read / written" className={styles.figures}>
        {entry.predicted === null ? '—' : `${tokens(entry.predicted.cachedTokens)} / ${tokens(entry.predicted.writtenTokens)}`}
        {entry.tokens === 'provider' && <div className={styles.muted}>Anthropic’s count</div>}
      </td>
      <td data-label="Reported read / written" className={styles.figures}>
        {entry.reported === null ? '—' : `${tokens(entry.reported.cachedTokens)} / ${tokens(entry.reported.writtenTokens)}`}
      </td>
      <td data-label="Verdict">
        <span className={styles.verdict} data-verdict={verdict.tone} data-testid="traffic-verdict">
          {verdict.mark} {entry.verdict}
        </span>
      </td>
      <td data-label="What happened" className={styles.explains}>
        <p className={styles.plain} data-testid="traffic-plain">
          {inPlainWords(entry, label, left)}
          {entry.missedDollars !== null && entry.missedDollars > 0 && (
            <>
              {' '}
              <strong data-testid="traffic-missed-dollars">{dollars(entry.missedDollars)}</strong> was paid for shared tokens not read.
            </>
          )}
        </p>
        <details data-testid="traffic-details">
          <summary>The rule’s reasons and where it parts</summary>
          <p className={styles.muted} data-testid="traffic-reasons">
            {entry.reasons.join(' ')}
          </p>
          {entry.disagreement !== null && (
            <p className={styles.against} data-testid="traffic-disagreement" data-kind={entry.disagreement.kind}>
              <strong>{entry.disagreement.kind === 'warmed-outside' ? 'Warmed outside the log:' : 'Against the report:'}</strong>{' '}
              {describeDisagreement(entry.disagreement, entry.atMs, label)}
            </p>
          )}
          <div data-testid="traffic-parting">
            <Parting entry={entry} label={label} />
          </div>
        </details>
      </td>
      {diagnosed && (
        <td data-label="The provider’s diagnosis" className={styles.explains}>
          <ProviderDiagnosisCell diagnosis={entry.diagnosis} label={label} />
        </td>
      )}
    </tr>
  );
}

/** Each model and how many requests went to it, the busiest first: Claude Code's side calls are most of a log. */
function modelsOf(entries: readonly TimelineEntry[]): { model: string; requests: number }[] {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.model, (counts.get(entry.model) ?? 0) + 1);
  return [...counts].map(([model, requests]) => ({ model, requests })).sort((a, b) => b.requests - a.requests || a.model.localeCompare(b.model));
}

/**
 * Some traffic replayed through the cache rules, as a page shows it: the agreement per provider,
 * each request's predicted reads and writes beside what its provider reported with a verdict, the
 * rule's reasons, where it parts from the closest earlier request, the provider's own diagnosis
 * where asked, and the session priced with its breakpoints placed otherwise.
 */
export function TimelineReportView({ report }: { report: TimelineReport }) {
  const [model, setModel] = useState<string>(ALL_MODELS);
  const table = useRef<HTMLTableSectionElement>(null);
  const startMs = report.entries.reduce((first, entry) => Math.min(first, entry.atMs), Number.POSITIVE_INFINITY);
  // One log names itself once, above the table; several name their own rows.
  const named = new Set(report.entries.map((entry) => entry.source)).size > 1;
  // The provider's own diagnosis has a column only where some request asked for one.
  const diagnosed = report.entries.some((entry) => entry.diagnosis !== null);
  const models = modelsOf(report.entries);
  const left = cacheLeftBy(report.entries);
  // In the order sent, whichever log each came from; a model chosen, only its requests.
  const shown = report.entries
    .map((entry, at) => ({ entry, at }))
    .filter(({ entry }) => model === ALL_MODELS || entry.model === model)
    .sort((a, b) => a.entry.atMs - b.entry.atMs || a.at - b.at)
    .map(({ entry }) => entry);
  const barName = useCallback((entry: TimelineEntry) => `${named ? `${shortSource(entry.source)} ` : ''}#${entry.index}`, [named]);
  // A bar clicked opens its row where the reader is: scrolled to, marked, its details open.
  const pick = useCallback((row: number) => {
    const picked = table.current?.querySelector<HTMLTableRowElement>(`tr[data-row="${row}"]`);
    if (picked === null || picked === undefined) return;
    for (const marked of table.current!.querySelectorAll(`.${styles.picked}`)) marked.classList.remove(styles.picked!);
    picked.classList.add(styles.picked!);
    picked.querySelector('details')?.setAttribute('open', '');
    picked.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  // Nothing replayed (every request went where no rule reads): an empty table would only repeat it.
  if (report.entries.length === 0) return null;
  return (
    <>
      <TokenSourceLine report={report} />
      <ul>
        {report.agreement.map((agreement) => (
          <AgreementLine key={agreement.label} agreement={agreement} />
        ))}
      </ul>
      {models.length > 1 && (
        <label className={styles.modelFilter}>
          Model{' '}
          <select value={model} onChange={(event) => setModel(event.target.value)} data-testid="traffic-model-filter">
            <option value={ALL_MODELS}>every model ({report.entries.length} requests)</option>
            {models.map(({ model: each, requests }) => (
              <option key={each} value={each}>
                {each} ({requests} request{requests === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </label>
      )}
      <CacheTimelineChart entries={shown} named={barName} onPick={pick} />
      <TableFrame>
        <table className={`${styles.table} ${styles.timelineTable}`}>
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
              <th scope="col">What happened</th>
              {diagnosed && <th scope="col">The provider’s diagnosis</th>}
            </tr>
          </thead>
          <tbody ref={table}>
            {shown.map((entry, row) => (
              <TimelineRow key={`${entry.source} ${entry.index}`} entry={entry} row={row} startMs={startMs} named={named} diagnosed={diagnosed} left={left} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <BreakpointWhatIfTable whatIf={report.whatIf} />
    </>
  );
}

/** The model filter's value for every request. */
const ALL_MODELS = '';
