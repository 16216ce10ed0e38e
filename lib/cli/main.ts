import { CACHE_USAGE, runCacheCommand } from './cache-command';
import type { CliIo } from './cli-io';
import { CLI_USAGE_EXIT } from './cli-usage-error';
import { COMPARE_USAGE, runCompareCommand } from './compare-command';
import { PLAN_USAGE, runPlanCommand } from './plan-command';
import { runSweepCommand, SWEEP_USAGE } from './sweep-command';
import { runVerifyCommand, VERIFY_USAGE } from './verify-command';

const USAGE = `fork-lab — see what a forked subagent inherits from its parent's conversation.

Commands:
  ${PLAN_USAGE.split('\n')[0]}
  ${COMPARE_USAGE.split('\n')[0]}
  ${SWEEP_USAGE.split('\n')[0]}
  ${VERIFY_USAGE.split('\n')[0]}
  ${CACHE_USAGE.split('\n')[0]}

fork-lab <command> --help shows a command's help.`;

const COMMANDS: Record<string, { usage: string; run(args: readonly string[], io: CliIo): Promise<number> }> = {
  plan: { usage: PLAN_USAGE, run: runPlanCommand },
  compare: { usage: COMPARE_USAGE, run: runCompareCommand },
  sweep: { usage: SWEEP_USAGE, run: runSweepCommand },
  verify: { usage: VERIFY_USAGE, run: runVerifyCommand },
  cache: { usage: CACHE_USAGE, run: runCacheCommand },
};

/** The `fork-lab` command line: the exit code; machine output on stdout, people's on stderr. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(`${USAGE}\n`);
    return name === undefined ? CLI_USAGE_EXIT : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.stderr(`fork-lab: no command "${name}"; the commands are ${Object.keys(COMMANDS).join(', ')}\n\n${USAGE}\n`);
    return CLI_USAGE_EXIT;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  return command.run(rest, io);
}
