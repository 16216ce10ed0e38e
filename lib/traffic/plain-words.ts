import { formatTokens } from '@/lib/provider-cache/cache-prediction';
import type { CacheMissReason } from '@/lib/provider-cache/miss-explainer';
import type { TimelineEntry } from './cache-timeline';

/** What each of the diagnostics' words names, as a person says it. */
const WHAT_CHANGED: Record<CacheMissReason, string> = {
  model_changed: 'its model',
  tools_changed: 'its tool list',
  system_changed: 'its system prompt',
  messages_changed: 'its conversation',
};

/** What an earlier request of the log left in the cache (read and written), where known. */
export type CacheLeft = (request: { source: string; index: number }) => number | null;

/** How a sentence names an earlier request of the log. */
export type RequestName = (request: { source: string; index: number; atMs: number }) => string;

const tokens = (value: number) => `${formatTokens(value)} token${Math.round(value) === 1 ? '' : 's'}`;

/**
 * What the provider did with the cache for one request, in one sentence a person reads without
 * the rule's vocabulary: what it could reuse of the request before it and why no more, then what
 * the provider reported where that is news (a read from outside the log, a read the rule does not
 * expect). The rule's reasons and the parting's paths stay where a reader asks for them.
 */
export function inPlainWords(entry: TimelineEntry, name: RequestName, left: CacheLeft = () => null): string {
  const said = cacheSentence(entry, name, left);
  // Who sent it comes first: a sub-agent's request starts a cache of its own, and a reader asks why it missed.
  return entry.subAgent ? `Sub-agent request; ${lowerFirst(said)}` : said;
}

function cacheSentence(entry: TimelineEntry, name: RequestName, left: CacheLeft): string {
  const { parting, reported, predicted } = entry;
  const read = reported === null ? null : reported.cachedTokens;
  const shared = parting === null ? 0 : parting.sharedTokens;
  if (entry.verdict === 'warmed outside') {
    const from =
      parting === null || shared <= 0 ? 'Nothing earlier in this log starts the same way' : `It shares ${tokens(shared)} with ${name(parting.earlier)}`;
    return `${from}, yet the provider read ${tokens(read ?? 0)}: a cache warmed outside this log (an earlier run, another session of the account).`;
  }
  const at = parting?.path === null || parting?.path === undefined ? '' : ` at ${parting.path}`;
  const sharing =
    parting === null
      ? 'Nothing earlier in this log starts the same way'
      : parting.reason === null
        ? `It repeats all of ${name(parting.earlier)}: ${tokens(shared)}`
        : shared <= 0
          ? `${capitalised(WHAT_CHANGED[parting.reason])} differs from ${name(parting.earlier)}${at}`
          : `${capitalised(WHAT_CHANGED[parting.reason])} differs from ${name(parting.earlier)}${at}, after ${tokens(shared)} they share`;
  const lost = parting === null ? null : left(parting.earlier);
  const outcome =
    predicted === null
      ? '.'
      : shared <= 0
        ? parting !== null && lost !== null && lost > 0
          ? `, so none of the ${tokens(lost)} ${name(parting.earlier)} left in the cache can be reused.`
          : ', so its cache has nothing to reuse.'
        : predicted.cachedTokens > 0
          ? `; the cache reads ${formatTokens(predicted.cachedTokens)} of them.`
          : `, yet the cache reads none of them: ${lowerFirst(predicted.reasons[0] ?? 'the rule reads nothing.')}`;
  const said = `${sharing}${outcome}`;
  if (entry.verdict !== 'disagrees' || read === null) return said;
  return `${said} The provider reported reading ${read <= 0 ? 'nothing' : tokens(read)}.`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]!.toLowerCase()}${text.slice(1)}` : text;
}

function capitalised(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/** What each request of a timeline left in its cache, as the rule has it: what it read and what it wrote. */
export function cacheLeftBy(entries: readonly TimelineEntry[]): CacheLeft {
  const left = new Map(
    entries.map((entry) => [
      `${entry.source}\u0000${entry.index}`,
      entry.predicted === null ? null : entry.predicted.cachedTokens + entry.predicted.writtenTokens,
    ]),
  );
  return ({ source, index }) => left.get(`${source}\u0000${index}`) ?? null;
}
