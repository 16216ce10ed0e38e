/**
 * `npm run bench` (cache agreement): every request with reported usage in the real traffic logs,
 * predicted from the shipped cache rules with the request's own breakpoints, against what the
 * provider reported. Per provider: hit/miss agreement (reported > 0 ⇔ predicted > 0) and the cached
 * share within 5 points. Targets: ≥ 95% on both, per provider with usage. The logs stay outside the
 * repository (`../shared/real-data/traffic`, or FORK_LAB_TRAFFIC_DIR); without them this says so and
 * skips.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_RULES } from '../lib/provider-cache/provider-rules';
import { cacheAgreement } from '../lib/traffic/cache-agreement';
import { cacheTimeline, type TimelineEntry } from '../lib/traffic/cache-timeline';
import { readClaudeTrace } from '../lib/traffic/claude-trace';
import { describeDisagreement } from '../lib/traffic/disagreement';
import { FRACTION_TOLERANCE } from '../lib/traffic/fraction-tolerance';
import { readMiniSweTrajectory } from '../lib/traffic/mini-swe-agent';
import { routeLabel, type TrafficExchange } from '../lib/traffic/traffic-exchange';
import { type UnreplayedRequest, unreplayedOf, unreplayedPlace } from '../lib/traffic/unreplayed-requests';
import { readVcrCassette } from '../lib/traffic/vcr-cassette';

const TARGET = 0.95;
const root = path.resolve(process.env.FORK_LAB_TRAFFIC_DIR ?? path.join(process.cwd(), '..', 'shared', 'real-data', 'traffic'));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

/** The closest earlier request and where this one parts from it, as the bench prints a disagreement. */
function partingText({ parting }: TimelineEntry): string {
  if (parting === null) return ' No earlier request in the log shares a prefix.';
  const earlier = `${parting.earlier.source} #${parting.earlier.index}`;
  return parting.reason === null
    ? ` It repeats all of ${earlier} (${Math.round(parting.sharedTokens)} tokens).`
    : ` It shares ${Math.round(parting.sharedTokens)} tokens with ${earlier}, then ${parting.reason} at ${parting.path}.`;
}

async function main() {
  console.log('cache agreement: predicted against reported cache reads, per request of real traffic');
  if (!existsSync(root)) {
    console.log(`skipped: no traffic at ${root} (set FORK_LAB_TRAFFIC_DIR to a folder of claude-trace logs)`);
    return;
  }
  const files = filesUnder(root);
  // What each kind of file holds, by its name: claude-trace logs, mini-swe-agent trajectories, VCR cassettes.
  const readers: [string, (file: string) => TrafficExchange[]][] = [
    ['.jsonl', (file) => readClaudeTrace(readFileSync(file, 'utf8'), path.relative(root, file)).exchanges],
    ['.traj.json', (file) => readMiniSweTrajectory(readFileSync(file, 'utf8'), path.relative(root, file)).exchanges],
    ['.yaml', (file) => readVcrCassette(readFileSync(file, 'utf8'), path.relative(root, file)).exchanges],
  ];
  const readerOf = (file: string) => readers.find(([ending]) => file.endsWith(ending))?.[1];
  const read = files.filter((file) => readerOf(file) !== undefined);
  // A folder of logs is one account's captures: they go through one cache together, in time order.
  // A cassette is one test's recording, often with no send times: it is replayed on its own.
  const entries: TimelineEntry[] = [];
  const unreplayed: UnreplayedRequest[] = [];
  const replay = async (exchanges: TrafficExchange[]) => {
    const replayed = await cacheTimeline(exchanges, PROVIDER_RULES);
    entries.push(...replayed);
    unreplayed.push(...unreplayedOf(exchanges, replayed));
  };
  const cassettes = read.filter((file) => file.endsWith('.yaml'));
  for (const file of cassettes) await replay(readerOf(file)!(file));
  const logs = read.filter((file) => !file.endsWith('.yaml'));
  for (const folder of new Set(logs.map((file) => path.dirname(file)))) {
    await replay(logs.filter((file) => path.dirname(file) === folder).flatMap((file) => readerOf(file)!(file)));
  }
  const unread = files.filter((file) => readerOf(file) === undefined && !file.endsWith('.md')).length;
  console.log(
    `read ${read.length} files (claude-trace logs, mini-swe-agent trajectories, ${cassettes.length} VCR cassettes); ${unread} files in other formats are not read yet`,
  );

  for (const agreement of cacheAgreement(entries)) {
    const { label, requests, unpredicted, hitMissAgrees, shareWithin } = agreement;
    const ok = unpredicted === 0 && hitMissAgrees / requests >= TARGET && shareWithin / requests >= TARGET;
    console.log(
      `${ok ? 'ok  ' : 'MISS'}  ${label}: ${requests} requests with usage the logs can judge, ${unpredicted} without a rule · hit/miss agrees ${percent(hitMissAgrees, requests)} · cached share within ${FRACTION_TOLERANCE * 100} points ${percent(shareWithin, requests)} (target ≥ ${TARGET * 100}% on both)`,
    );
    if (!ok) process.exitCode = 1;
    // Left out of the shares above: a read from a cache warmed outside the logs, which no rule over them can see.
    const { outsideReads, outsideHits } = agreement;
    if (outsideReads > 0)
      console.log(`      left out: ${outsideReads} more read a cache warmed outside the logs (${outsideHits} with nothing before them in the logs)`);
    const withUsage = entries.filter((entry) => routeLabel(entry) === label && entry.reported !== null);
    // What the disagreements say against the report, tallied: which the rules could fix, which no rule can see.
    const kinds = new Map<string, number>();
    for (const { disagreement } of withUsage) if (disagreement !== null) kinds.set(disagreement.kind, (kinds.get(disagreement.kind) ?? 0) + 1);
    if (kinds.size > 0) console.log(`      against the report: ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
    for (const entry of withUsage.filter((each) => each.verdict !== 'agrees')) {
      const predicted = entry.predicted === null ? 'no prediction' : `predicted ${Math.round(entry.predicted.cachedTokens)} read`;
      console.log(
        `      ${entry.source} #${entry.index} ${entry.model}: ${predicted}, reported ${entry.reported!.cachedTokens} read — ${entry.reasons.join(' ')}${partingText(entry)}`,
      );
      if (entry.disagreement !== null) {
        console.log(`        against the report: ${describeDisagreement(entry.disagreement, entry.atMs, ({ source, index }) => `${source} #${index}`)}`);
      }
    }
  }
  // A provider with usage and no rule is a provider the target is not met for: said, not skipped.
  const noRule = new Map<string, UnreplayedRequest[]>();
  for (const request of unreplayed.filter((each) => each.reported)) {
    const place = unreplayedPlace(request);
    noRule.set(place, [...(noRule.get(place) ?? []), request]);
  }
  for (const [place, requests] of noRule) {
    console.log(
      `MISS  ${place}: ${requests.length} requests with usage, no cache rule for them · ${requests.map(({ source, index }) => `${source} #${index}`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

void main();
