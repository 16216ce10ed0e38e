import { formatDollars } from '@/lib/provider-cache/request-cost';
import { type CacheRouting, routingChange } from '@/lib/recording/cache-routing';
import type { ForkCacheReuse } from '@/lib/recording/fork-cache-reuse';
import type { RuntimeMatrix } from './runtime-matrix';

/** One fork of a green cell: what its child reused of the parent's cache, in words and figures. */
export interface CacheReuseRow {
  scenario: string;
  fork: string;
  /** The child's first request, and how much of it leads it exactly as it led the parent's last request. */
  childTokens: number;
  sharedTokens: number;
  /** sharedTokens of childTokens, 0 to 1. */
  share: number;
  /** Where the two part, as the captures page names the place; `repeats the parent's whole request` when they do not. */
  parting: string;
  /** Of the child's tokens, what the provider's cache reads. */
  cachedTokens: number;
  /** The routing values and how each fared, `name kept`; `none sent` when neither request had any. */
  routing: string[];
  /** Anthropic's cache lifetimes, parent's then child's; null where neither request marks one. */
  ttls: string | null;
  /** The child's first request's input priced after the parent's request, and sent cold. */
  fork$: string;
  cold$: string;
  /** What the fork saves on that request against a cold start, 0 to 1; null without prices. */
  saving: number | null;
}

export interface RuntimeCacheTable {
  runtime: string;
  version: string;
  /** The provider and model priced, as the rows were read. */
  pricedBy: string;
  rows: CacheReuseRow[];
}

function routingWords(routing: CacheRouting): string[] {
  if (routing.values.length === 0) return ['none sent'];
  return routing.values.map((value) => `${value.name} ${routingChange(value)}`);
}

function ttlWords({ ttls, retention }: CacheRouting): string | null {
  const unique = (list: readonly string[]) => [...new Set(list)].join('+') || 'none';
  if (ttls.parent.length > 0 || ttls.child.length > 0) return `${unique(ttls.parent)} → ${unique(ttls.child)}`;
  if (retention.parent !== null || retention.child !== null) return `retention ${retention.parent ?? 'default'} → ${retention.child ?? 'default'}`;
  return null;
}

function rowOf(scenario: string, fork: string, reuse: ForkCacheReuse): CacheReuseRow {
  const { fork: forked, cold } = reuse.cost;
  const priced = forked.complete && cold.complete && cold.dollars > 0;
  return {
    scenario,
    fork,
    childTokens: Math.round(reuse.childTokens),
    sharedTokens: Math.round(reuse.sharedTokens),
    share: reuse.childTokens === 0 ? 0 : reuse.sharedTokens / reuse.childTokens,
    parting: reuse.parting === null ? 'repeats the parent’s whole request' : `${reuse.parting.path} (${reuse.parting.reason.replaceAll('_', ' ')})`,
    cachedTokens: Math.round(reuse.cachedTokens),
    routing: routingWords(reuse.routing),
    ttls: ttlWords(reuse.routing),
    fork$: formatDollars(forked),
    cold$: formatDollars(cold),
    saving: priced ? 1 - forked.dollars / cold.dollars : null,
  };
}

/** Per runtime, every fork of its green cells with what it reused of its parent's cache: the figures verify read off the captured bytes. */
export function cacheReuseTables(matrix: RuntimeMatrix): RuntimeCacheTable[] {
  return matrix.runtimes.flatMap(({ name, version }) => {
    const rows: CacheReuseRow[] = [];
    let pricedBy = '';
    for (const cell of matrix.cells) {
      if (cell.runtime !== name || !cell.green) continue;
      for (const fork of cell.forks) {
        if (fork.cache === undefined || fork.cache === null) continue;
        pricedBy ||= `${fork.cache.provider} ${fork.cache.model}${fork.cache.pricedAs === null ? '' : ' (the model the runtime sent is not one the provider lists)'}`;
        rows.push(rowOf(cell.scenario, `${fork.parentId}→${fork.childId}`, fork.cache));
      }
    }
    return rows.length === 0 ? [] : [{ runtime: name, version, pricedBy, rows }];
  });
}

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const COUNT = new Intl.NumberFormat('en-US');

export function percent(share: number): string {
  return PERCENT.format(share);
}

export function tokens(count: number): string {
  return COUNT.format(count);
}

/** The tables in Markdown, for report.md and docs/verify.md. */
export function cacheReuseMarkdown(tables: readonly RuntimeCacheTable[]): string {
  const out: string[] = [];
  for (const table of tables) {
    out.push(`### ${table.runtime}@${table.version} — priced as ${table.pricedBy}`, '');
    out.push('| scenario | fork | child’s first request | identical prefix | parts at | cache reads | routing | TTL | first request (fork / cold) |');
    out.push('|---|---|---:|---:|---|---:|---|---|---|');
    for (const row of table.rows) {
      const saving = row.saving === null ? '' : ` · ${percent(row.saving)} saved`;
      out.push(
        `| ${row.scenario} | ${row.fork} | ${tokens(row.childTokens)} | ${tokens(row.sharedTokens)} (${percent(row.share)}) | ${row.parting.replaceAll('|', '\\|')} | ${tokens(row.cachedTokens)} | ${row.routing.join(', ')} | ${row.ttls ?? '—'} | ${row.fork$} / ${row.cold$}${saving} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
