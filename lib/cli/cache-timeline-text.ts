import { formatSeconds, formatTokens } from '@/lib/provider-cache/cache-prediction';
import { agreementSummary } from '@/lib/traffic/cache-agreement';
import type { TimelineEntry } from '@/lib/traffic/cache-timeline';
import { describeDisagreement, type EarlierLabel } from '@/lib/traffic/disagreement';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import { TRAFFIC_FORMAT_LABELS, type TrafficFormat } from '@/lib/traffic/traffic-formats';
import { unreplayedSummary } from '@/lib/traffic/unreplayed-requests';

/** A traffic file as the command read it. */
export interface ReadTrafficFile {
  name: string;
  format: TrafficFormat;
  requests: number;
  /** Records of it that were not read, each with its place. */
  problems: number;
}

const VERDICT_WORDS: Record<TimelineEntry['verdict'], string> = {
  agrees: 'agrees',
  disagrees: 'DISAGREES',
  'warmed outside': 'warmed outside',
  'no usage': 'no usage',
  'no rule': 'no rule',
};

const figures = (read: number, written: number) => `${formatTokens(read)} / ${formatTokens(written)}`;

/** Columns padded to their widest cell, two spaces apart. */
function columns(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
}

/**
 * A traffic report for a terminal: what was read, each request's predicted read / written beside
 * the reported ones with its verdict, under a disagreeing one the rule's reasons and what the
 * provider read instead, then the agreement per provider with the ceiling the logs allow.
 */
export function cacheTimelineText(report: TimelineReport, files: readonly ReadTrafficFile[]): string {
  const out: string[] = [];
  for (const { name, format, requests, problems } of files) {
    const { file, places } = TRAFFIC_FORMAT_LABELS[format];
    out.push(
      `${name}: ${requests} model request${requests === 1 ? '' : 's'} read as ${file}, in the order sent${problems > 0 ? `; ${problems} ${places} not read` : ''}.`,
    );
  }
  if (report.unreplayed.length > 0) out.push(unreplayedSummary(report.unreplayed));
  out.push('Tokens: counted offline (o200k) and scaled to each request’s reported total, so shares are compared, not tokenizers.', '');
  const startMs = report.entries.reduce((first, entry) => Math.min(first, entry.atMs), Number.POSITIVE_INFINITY);
  const named = files.length > 1;
  const label: EarlierLabel = ({ source, index, atMs }) => `${named ? `${source} ` : ''}#${index} (+${formatSeconds(atMs - startMs)})`;
  const header = ['request', 'sent', 'model', 'predicted read / written', 'reported read / written', 'verdict'];
  const rows = report.entries.map((entry) => [
    `${named ? `${entry.source} ` : ''}#${entry.index}`,
    `+${formatSeconds(entry.atMs - startMs)}`,
    entry.model,
    entry.predicted === null ? '—' : figures(entry.predicted.cachedTokens, entry.predicted.writtenTokens),
    entry.reported === null ? '—' : figures(entry.reported.cachedTokens, entry.reported.writtenTokens),
    VERDICT_WORDS[entry.verdict],
  ]);
  const lines = columns([header, ...rows]);
  out.push(lines[0]!);
  report.entries.forEach((entry, at) => {
    out.push(lines[at + 1]!);
    if (entry.verdict !== 'disagrees' && entry.verdict !== 'warmed outside') return;
    out.push(`    rule: ${entry.reasons.join(' ')}`);
    if (entry.disagreement !== null) out.push(`    against the report: ${describeDisagreement(entry.disagreement, entry.atMs, label)}`);
  });
  out.push('');
  for (const agreement of report.agreement) out.push(`${agreement.label}: ${agreementSummary(agreement)}`);
  return `${out.join('\n')}\n`;
}
