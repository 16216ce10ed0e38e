import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { detectTrafficFormat, readTrafficLog } from '@/lib/traffic/read-traffic-log';
import { timelineReport } from '@/lib/traffic/timeline-report';
import type { TrafficExchange } from '@/lib/traffic/traffic-exchange';
import { TRAFFIC_FORMAT_LABELS, TRAFFIC_FORMATS, type TrafficFormat } from '@/lib/traffic/traffic-formats';
import { cacheTimelineText, type ReadTrafficFile } from './cache-timeline-text';
import type { CliIo } from './cli-io';
import { CLI_OK_EXIT, CLI_REJECTED_EXIT, CliUsageError } from './cli-usage-error';
import { runCommand } from './run-command';

export const CACHE_USAGE = `fork-lab cache <log>… [--format <id>] [--json]

Replays the model requests of traffic logs (a claude-trace log, a HAR file, a mini-swe-agent
trajectory or a VCR cassette; --format ${TRAFFIC_FORMATS.join(', ')} reads every file
as that format instead of detecting it) in the order sent, through each provider's prompt cache as
Fork Lab's shipped rules describe it, each with its own breakpoints as sent, and prints each
request's predicted cache read and write beside what its provider reported, with a verdict. Under a
request that disagrees: the rule's reasons, and what the provider read instead, set among what the
earlier requests left (warmed outside the log, an older prefix, nothing served…). Logs given
together are one account's, replayed as one cache in time order: a new session reads what an
earlier one wrote. --json prints the whole report (entries, agreement per provider, breakpoint
what-if). Exits 0 when every request with reported usage agrees, 1 when any disagrees, 2 when the
command line or a file is wrong.`;

const CACHE_OPTIONS = {
  format: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const isTrafficFormat = (value: string): value is TrafficFormat => (TRAFFIC_FORMATS as readonly string[]).includes(value);

/** One log's model requests; what is wrong with it, as a usage error naming the file. */
async function readLog(file: string, format: TrafficFormat | undefined): Promise<{ read: ReadTrafficFile; exchanges: TrafficExchange[] }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CliUsageError('<log>', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // As the endpoint reads a body: a stray byte is replaced, not a reason to refuse the whole log.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const name = path.basename(file);
  const chosen = format ?? detectTrafficFormat(text);
  const log = readTrafficLog(chosen, text, name);
  const label = TRAFFIC_FORMAT_LABELS[chosen];
  if (log.exchanges.length === 0) {
    const first = log.problems[0];
    throw new CliUsageError(
      '<log>',
      `no model request with a messages list was found in ${file}, read as ${label.file}${first === undefined ? '' : ` (${log.problems.length} unreadable; first, ${label.place} ${first.line}: ${first.message})`}`,
    );
  }
  return { read: { name, format: chosen, requests: log.exchanges.length, problems: log.problems.length }, exchanges: log.exchanges };
}

/** `fork-lab cache`: the exit code; output through `io`. */
export function runCacheCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runCommand({ name: 'cache', usage: CACHE_USAGE, options: CACHE_OPTIONS, many: true }, args, io, async (values, _file, files) => {
    if (files.length === 0) throw new CliUsageError('<log>', 'name the traffic log to replay (several, to replay them as one account’s)');
    const format = values.format;
    if (format !== undefined && !isTrafficFormat(format))
      throw new CliUsageError('--format', `"${format}" is not a traffic format; one of ${TRAFFIC_FORMATS.join(', ')}`);
    const logs = [];
    for (const file of files) logs.push(await readLog(file, format));
    // One account's cache in time order, whichever order the logs were named in (the sort is stable).
    const exchanges = logs.flatMap((log) => log.exchanges);
    if (logs.length > 1) exchanges.sort((one, other) => one.atMs - other.atMs);
    const report = await timelineReport(exchanges, PROVIDER_RULES);
    const read = logs.map((log) => log.read);
    io.stdout(values.json ? `${JSON.stringify({ files: read, ...report }, null, 2)}\n` : cacheTimelineText(report, read));
    return report.entries.some((entry) => entry.verdict === 'disagrees') ? CLI_REJECTED_EXIT : CLI_OK_EXIT;
  });
}
