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
earlier one wrote; when one of them records no send times (a VCR cassette without dates), each is
replayed on its own. Requests through OpenRouter or Amazon Bedrock to an Anthropic or OpenAI model
are replayed by that provider's rule, in a cache of their own. Requests to an endpoint or a model
the timeline has no cache rule for (Mistral, Amazon Nova, Gemini through OpenRouter…) are counted
and named, not replayed. --json prints { files, replays: [each replay's files, entries, agreement
per provider and route, breakpoint what-if, unreplayed requests] }. Exits 0 when every replayed
request with reported usage agrees, 1 when any disagrees, 2 when the command line or a file is
wrong.`;

const CACHE_OPTIONS = {
  format: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const isTrafficFormat = (value: string): value is TrafficFormat => (TRAFFIC_FORMATS as readonly string[]).includes(value);

/** A file system code said in words; any other is shown as the system names it. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'there is no such file',
  EISDIR: 'it is a folder (name the logs in it, e.g. folder/*.jsonl)',
  EACCES: 'this user may not read it',
  EPERM: 'this user may not read it',
};

function unreadable(file: string, error: unknown): CliUsageError {
  const code = (error as NodeJS.ErrnoException).code;
  return new CliUsageError('<log>', `cannot read ${file}: ${(code === undefined ? undefined : UNREADABLE[code]) ?? code ?? (error as Error).message}`);
}

/** One log's model requests; what is wrong with it, as a usage error naming the file. */
async function readLog(file: string, format: TrafficFormat | undefined): Promise<{ read: ReadTrafficFile; exchanges: TrafficExchange[] }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  // As the endpoint reads a body: a stray byte is replaced, not a reason to refuse the whole log.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const name = path.basename(file);
  const chosen = format ?? detectTrafficFormat(text);
  const log = readTrafficLog(chosen, text, name);
  const label = TRAFFIC_FORMAT_LABELS[chosen];
  if (log.exchanges.length === 0) {
    const first = log.problems[0];
    const unreadLines = first === undefined ? '' : ` (${log.problems.length} unreadable; first, ${label.place} ${first.line}: ${first.message})`;
    // Detection falls back to claude-trace: a file that is none of the formats is said to be so.
    const read = format === undefined && chosen === 'claude-trace' && first !== undefined ? `; it looks like none of ${TRAFFIC_FORMATS.join(', ')}` : '';
    throw new CliUsageError('<log>', `no model request with a messages list was found in ${file}, read as ${label.file}${unreadLines}${read}`);
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
    const named = new Set<string>();
    for (const file of files) {
      const resolved = path.resolve(file);
      if (named.has(resolved)) throw new CliUsageError('<log>', `${file} is named twice: each log is replayed once`);
      named.add(resolved);
    }
    const logs = [];
    for (const file of files) logs.push(await readLog(file, format));
    // Logs are one account's cache in time order; a log without send times cannot be placed among
    // others, so then each is replayed on its own, as the bench replays a cassette.
    const undated = logs.filter((log) => log.exchanges.some((exchange) => exchange.atMs <= 0));
    const groups = logs.length > 1 && undated.length > 0 ? logs.map((log) => [log]) : [logs];
    const replays = [];
    for (const group of groups) {
      const report = await timelineReport(
        group.flatMap((log) => log.exchanges),
        PROVIDER_RULES,
      );
      replays.push({ files: group.map((log) => log.read), report });
    }
    if (values.json) {
      io.stdout(
        `${JSON.stringify({ files: logs.map((log) => log.read), replays: replays.map(({ files: read, report }) => ({ files: read.map((file) => file.name), ...report })) }, null, 2)}\n`,
      );
    } else {
      const which =
        undated.length <= 3
          ? `${undated.map((log) => log.read.name).join(', ')} ${undated.length === 1 ? 'records' : 'record'}`
          : `${undated.length} of the logs record`;
      const note = groups.length > 1 ? `${which} no send times: each log is replayed on its own.\n\n` : '';
      io.stdout(note + replays.map(({ files: read, report }) => cacheTimelineText(report, read)).join('\n'));
    }
    return replays.some(({ report }) => report.entries.some((entry) => entry.verdict === 'disagrees')) ? CLI_REJECTED_EXIT : CLI_OK_EXIT;
  });
}
