import { parseArgs } from 'node:util';
import { planFork } from '@/lib/fork';
import { withAgentCall } from '@/lib/fork-service/agent-call';
import type { CliIo } from './cli-io';
import { CLI_OK_EXIT, CLI_USAGE_EXIT, CliUsageError } from './cli-usage-error';
import { type ComparedVariant, compareTable, formatCompareTable } from './compare-table';
import { forkRequestFromFlags } from './fork-request-from-flags';
import { importFile, isParseArgsError } from './import-file';

export const COMPARE_USAGE = `fork-lab compare <file> --variant '<runtime> [name=value]… [fork-point=N]' --variant '…'… [--directive text] [--format id] [--all] [--json]

Plans 2 to 8 variants of one fork of <file> (each a runtime from the registry and its parameters)
and prints, for every parent message the variants treat differently, what each does with it
(+ inherited, - excluded, and the rule); --all prints every message. The first variant is the
baseline the others are read against. Exits 0, or 2 when the command line or the file is wrong.`;

const MAX_VARIANTS = 8;

function variantFlags(spec: string, directive: string | undefined) {
  const [runtime, ...pairs] = spec.trim().split(/\s+/);
  const forkPoint = pairs.find((pair) => pair.startsWith('fork-point='))?.slice('fork-point='.length);
  return { runtime: runtime === '' ? undefined : runtime, params: pairs.filter((pair) => !pair.startsWith('fork-point=')), directive, forkPoint };
}

/** `fork-lab compare`: the exit code; output through `io`. */
export async function runCompareCommand(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        variant: { type: 'string', multiple: true },
        directive: { type: 'string' },
        format: { type: 'string' },
        all: { type: 'boolean' },
        json: { type: 'boolean' },
      },
    });
    if (positionals.length > 1) throw new CliUsageError('<file>', `one file, not ${positionals.length}`);
    const specs = values.variant ?? [];
    if (specs.length < 2 || specs.length > MAX_VARIANTS) {
      throw new CliUsageError('--variant', `give 2 to ${MAX_VARIANTS} variants (got ${specs.length}), each '<runtime> [name=value]…'`);
    }
    const requests = specs.map((spec, k) => {
      try {
        return forkRequestFromFlags(variantFlags(spec, values.directive));
      } catch (error) {
        if (error instanceof CliUsageError) throw new CliUsageError(`--variant ${k + 1} ("${spec}")`, error.message);
        throw error;
      }
    });
    const imported = await importFile(positionals[0], values.format);
    const variants: ComparedVariant[] = requests.map((request, k) => ({
      label: String.fromCharCode(65 + k),
      request,
      plan: planFork(withAgentCall(imported.transcript, request).transcript, request),
    }));
    const table = compareTable(imported.transcript, variants, values.all === true);
    io.stdout(values.json ? `${JSON.stringify(table, null, 2)}\n` : `${formatCompareTable(table, imported.transcript.messages.length)}\n`);
    return CLI_OK_EXIT;
  } catch (error) {
    if (!(error instanceof CliUsageError) && !isParseArgsError(error)) throw error;
    io.stderr(`fork-lab compare: ${error.message}\n\n${COMPARE_USAGE}\n`);
    return CLI_USAGE_EXIT;
  }
}
