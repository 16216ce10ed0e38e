import { withAgentCall } from '@/lib/agent-call/agent-call';
import { planFork } from '@/lib/fork';
import type { CliIo } from './cli-io';
import { CLI_OK_EXIT, CLI_REJECTED_EXIT } from './cli-usage-error';
import { forkRequestFromFlags, RUNTIMES_HELP } from './fork-request-from-flags';
import { importFile } from './import-file';
import { planSummary } from './plan-summary';
import { runCommand } from './run-command';

export const PLAN_USAGE = `fork-lab plan <file> --runtime <runtime> [--param name=value]… [--directive text] [--fork-point N] [--project folder] [--format id] [--json]

Imports <file> (any format Fork Lab reads; --format to choose one) and prints what a child forked
from it receives, as the playground shows it (the parent's Agent call written when none is in
flight): a summary, or with --json the engine's whole plan. --project names the folder the runtime
runs in, for the files a call's rules read there (Qwen's .qwen/fork-profiles/<name>.md). Exits 0 when the runtime
accepts the call, 1 when it rejects it (its own words on stdout), 2 when the command line or the
file is wrong.

${RUNTIMES_HELP}`;

const PLAN_OPTIONS = {
  runtime: { type: 'string' },
  param: { type: 'string', multiple: true },
  directive: { type: 'string' },
  'fork-point': { type: 'string' },
  project: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `fork-lab plan`: the exit code; output through `io`. */
export function runPlanCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runCommand({ name: 'plan', usage: PLAN_USAGE, options: PLAN_OPTIONS }, args, io, async (values, file) => {
    const request = forkRequestFromFlags({
      runtime: values.runtime,
      params: values.param ?? [],
      directive: values.directive,
      forkPoint: values['fork-point'],
      project: values.project,
    });
    const imported = await importFile(file, values.format);
    // As the playground plans: with no Agent call in flight, the parent's call is written as the
    // runtime's model would write it, so the child gets exactly what a launch would give it.
    const { transcript, request: atCall } = withAgentCall(imported.transcript, request);
    const plan = planFork(transcript, atCall);
    io.stdout(values.json ? `${JSON.stringify(plan, null, 2)}\n` : `${planSummary(imported, request, plan)}\n`);
    return plan.errors.length > 0 ? CLI_REJECTED_EXIT : CLI_OK_EXIT;
  });
}
