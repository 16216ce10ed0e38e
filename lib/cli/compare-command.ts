import { withAgentCall } from '@/lib/agent-call/agent-call';
import { planFork } from '@/lib/fork';
import type { CliIo } from './cli-io';
import { CLI_OK_EXIT, CliUsageError } from './cli-usage-error';
import { type ComparedVariant, compareTable, formatCompareTable } from './compare-table';
import { forkRequestFromFlags, RUNTIMES_HELP } from './fork-request-from-flags';
import { importFile } from './import-file';
import { runCommand } from './run-command';

export const COMPARE_USAGE = `fork-lab compare <file> --variant '<runtime> [name=value]… [fork-point=N]' --variant '…'… [--directive text] [--project folder] [--format id] [--all] [--json]

Plans 2 to 8 variants of one fork of <file> (each a runtime from the registry and its parameters)
and prints, for every parent message the variants treat differently, what each does with it
(+ inherited, - excluded, and the rule), and the messages a child has that the parent does not
(a placeholder, a notice, the directive) where they stand: "+14" comes before parent message #14.
--all prints every row. --project: the folder whose files the calls' rules read (Qwen's fork profiles). The first variant is the baseline the others are read against. Exits 0, or 2 when the command line or the file is wrong.

${RUNTIMES_HELP}`;

const MAX_VARIANTS = 8;

function variantFlags(spec: string, directive: string | undefined, project: string | undefined) {
  const [runtime, ...pairs] = spec.trim().split(/\s+/);
  const forkPoint = pairs.find((pair) => pair.startsWith('fork-point='))?.slice('fork-point='.length);
  return { runtime: runtime === '' ? undefined : runtime, params: pairs.filter((pair) => !pair.startsWith('fork-point=')), directive, forkPoint, project };
}

const COMPARE_OPTIONS = {
  variant: { type: 'string', multiple: true },
  directive: { type: 'string' },
  project: { type: 'string' },
  format: { type: 'string' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** `fork-lab compare`: the exit code; output through `io`. */
export function runCompareCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runCommand({ name: 'compare', usage: COMPARE_USAGE, options: COMPARE_OPTIONS }, args, io, async (values, file) => {
    const specs = values.variant ?? [];
    if (specs.length < 2 || specs.length > MAX_VARIANTS) {
      throw new CliUsageError('--variant', `give 2 to ${MAX_VARIANTS} variants (got ${specs.length}), each '<runtime> [name=value]…'`);
    }
    const requests = specs.map((spec, k) => {
      try {
        return forkRequestFromFlags(variantFlags(spec, values.directive, values.project));
      } catch (error) {
        if (error instanceof CliUsageError) throw new CliUsageError(`--variant ${k + 1} ("${spec}")`, error.message);
        throw error;
      }
    });
    const imported = await importFile(file, values.format);
    const variants: ComparedVariant[] = requests.map((request, k) => {
      const { transcript, request: atCall } = withAgentCall(imported.transcript, request);
      return { label: String.fromCharCode(65 + k), request, plan: planFork(transcript, atCall) };
    });
    const table = compareTable(imported.transcript, variants, values.all === true);
    io.stdout(values.json ? `${JSON.stringify(table, null, 2)}\n` : `${formatCompareTable(table, imported.transcript.messages.length)}\n`);
    return CLI_OK_EXIT;
  });
}
