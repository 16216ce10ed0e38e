'use client';

import { ChunkSides, sidesOf } from '@/components/text-diff/chunk-sides';
import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import { agreementSummary, type ProviderAgreement } from '@/lib/traffic/cache-agreement';
import type { TimelineEntry } from '@/lib/traffic/cache-timeline';
import { describeDisagreement } from '@/lib/traffic/disagreement';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import { BreakpointWhatIfTable } from './breakpoint-what-if-table';
import styles from './captures.module.css';
import { TokenSourceLine } from './provider-count-toggle';
import { ProviderDiagnosisCell, type RequestLabel } from './provider-diagnosis-cell';
import { TableFrame } from './table-frame';

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');

/** The verdict as a mark and its word; the data attribute keeps the page's verdict colours. */
const VERDICTS: Record<TimelineEntry['verdict'], { mark: string; tone: string }> = {
  agrees: { mark: '✓', tone: 'matches' },
  disagrees: { mark: '✗', tone: 'differs' },
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
  const { parting, missedDollars } = entry;
  if (parting === null) return <span className={styles.muted}>No earlier request starts the same way.</span>;
  const earlier = label(parting.earlier);
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
  const label = requestLabel(startMs, named);
  return (
    <tr data-testid="traffic-row" data-verdict={entry.verdict} data-tokens={entry.tokens}>
      <td>
        {named && <span title={entry.source}>{shortSource(entry.source)} </span>}#{entry.index}
      </td>
      <td>+{formatSeconds(entry.atMs - startMs)}</td>
      <td>{entry.model}</td>
      <td className={styles.figures}>
        {entry.predicted === null ? '—' : `${tokens(entry.predicted.cachedTokens)} / ${tokens(entry.predicted.writtenTokens)}`}
        {entry.tokens === 'provider' && <div className={styles.muted}>Anthropic’s count</div>}
      </td>
      <td className={styles.figures}>{entry.reported === null ? '—' : `${tokens(entry.reported.cachedTokens)} / ${tokens(entry.reported.writtenTokens)}`}</td>
      <td>
        <span className={styles.verdict} data-verdict={verdict.tone}>
          {verdict.mark} {entry.verdict}
        </span>
      </td>
      <td className={styles.explains}>
        <span className={styles.muted}>{entry.reasons.join(' ')}</span>
        {entry.disagreement !== null && (
          <p className={styles.against} data-testid="traffic-disagreement" data-kind={entry.disagreement.kind}>
            <strong>Against the report:</strong> {describeDisagreement(entry.disagreement, entry.atMs, label)}
          </p>
        )}
      </td>
      <td className={styles.explains} data-testid="traffic-parting">
        <Parting entry={entry} label={label} />
      </td>
      {diagnosed && (
        <td className={styles.explains}>
          <ProviderDiagnosisCell diagnosis={entry.diagnosis} label={label} />
        </td>
      )}
    </tr>
  );
}

/**
 * Some traffic replayed through the cache rules, as a page shows it: the agreement per provider,
 * each request's predicted reads and writes beside what its provider reported with a verdict, the
 * rule's reasons, where it parts from the closest earlier request, the provider's own diagnosis
 * where asked, and the session priced with its breakpoints placed otherwise.
 */
export function TimelineReportView({ report }: { report: TimelineReport }) {
  const startMs = report.entries.reduce((first, entry) => Math.min(first, entry.atMs), Number.POSITIVE_INFINITY);
  // One log names itself once, above the table; several name their own rows.
  const named = new Set(report.entries.map((entry) => entry.source)).size > 1;
  // The provider's own diagnosis has a column only where some request asked for one.
  const diagnosed = report.entries.some((entry) => entry.diagnosis !== null);
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
            {report.entries.map((entry) => (
              <TimelineRow key={`${entry.source} ${entry.index}`} entry={entry} startMs={startMs} named={named} diagnosed={diagnosed} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <BreakpointWhatIfTable whatIf={report.whatIf} />
    </>
  );
}
