import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planFork } from '@/lib/fork';
import { withAgentCall } from '@/lib/fork-service/agent-call';
import { IMPORT_FORMAT_IDS, ImportError, type ImportFormatId, importTranscript } from '@/lib/import';
import { CLI_OK_EXIT, CLI_REJECTED_EXIT, CLI_USAGE_EXIT, CliUsageError } from './cli-usage-error';
import { forkRequestFromFlags } from './fork-request-from-flags';
import { planSummary } from './plan-summary';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const PLAN_USAGE = `fork-lab plan <file> --runtime <runtime> [--param name=value]… [--directive text] [--fork-point N] [--format id] [--json]

Imports <file> (any format Fork Lab reads; --format to choose one) and prints what a child forked
from it receives, as the playground shows it (the parent's Agent call written when none is in
flight): a summary, or with --json the engine's whole plan. Exits 0 when the runtime
accepts the call, 1 when it rejects it (its own words on stdout), 2 when the command line or the
file is wrong.`;

const isFormat = (value: string): value is ImportFormatId => (IMPORT_FORMAT_IDS as readonly string[]).includes(value);

/** `fork-lab plan`: the exit code; output through `io`. */
export async function runPlanCommand(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        runtime: { type: 'string' },
        param: { type: 'string', multiple: true },
        directive: { type: 'string' },
        'fork-point': { type: 'string' },
        format: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
    if (positionals.length !== 1)
      throw new CliUsageError('<file>', positionals.length === 0 ? 'name the transcript file to plan on' : `one file, not ${positionals.length}`);
    const file = positionals[0]!;
    if (values.format !== undefined && !isFormat(values.format)) {
      throw new CliUsageError('--format', `"${values.format}" is not a format; one of ${IMPORT_FORMAT_IDS.join(', ')}`);
    }
    const request = forkRequestFromFlags({ runtime: values.runtime, params: values.param ?? [], directive: values.directive, forkPoint: values['fork-point'] });
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new CliUsageError('<file>', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    const imported = await importTranscript(new Uint8Array(bytes), {
      fileName: path.basename(file),
      ...(values.format === undefined ? {} : { format: values.format }),
    });
    // As the playground plans: with no Agent call in flight, the parent's call is written as the
    // runtime's model would write it, so the child gets exactly what a launch would give it.
    const { transcript } = withAgentCall(imported.transcript, request);
    const plan = planFork(transcript, request);
    io.stdout(values.json ? `${JSON.stringify(plan, null, 2)}\n` : `${planSummary(imported, request, plan)}\n`);
    return plan.errors.length > 0 ? CLI_REJECTED_EXIT : CLI_OK_EXIT;
  } catch (error) {
    if (error instanceof CliUsageError) io.stderr(`fork-lab plan: ${error.message}\n\n${PLAN_USAGE}\n`);
    else if (error instanceof ImportError) {
      const where = [error.location.line === undefined ? '' : `line ${error.location.line}`, error.location.field ?? ''].filter(Boolean).join(', ');
      io.stderr(`fork-lab plan: the file cannot be imported (${error.code}${where ? `, ${where}` : ''}): ${error.message}\n`);
    } else if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`fork-lab plan: ${error.message}\n\n${PLAN_USAGE}\n`);
    } else throw error;
    return CLI_USAGE_EXIT;
  }
}
