import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { CliIo } from './cli-io';
import { CLI_USAGE_EXIT, CliUsageError } from './cli-usage-error';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Whether `error` is parseArgs refusing the command line (an unknown flag, a missing value). */
function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS');
}
type Config<O extends Options> = { args: string[]; allowPositionals: true; strict: true; options: O };
export type CommandValues<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>['values'];

/**
 * One command: its flags read strictly (an unknown flag is refused), at most one file argument
 * unless it takes `many`, and any usage error printed on stderr with the command's help, exit 2.
 * `run` gives the exit code.
 */
export async function runCommand<O extends Options>(
  command: { name: string; usage: string; options: O; many?: boolean },
  args: readonly string[],
  io: CliIo,
  run: (values: CommandValues<O>, file: string | undefined, files: readonly string[]) => Promise<number>,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, strict: true, options: command.options });
    if (positionals.length > 1 && command.many !== true) throw new CliUsageError('<file>', `one file, not ${positionals.length}`);
    return await run(values, positionals[0], positionals);
  } catch (error) {
    if (!(error instanceof CliUsageError) && !isParseArgsError(error)) throw error;
    io.stderr(`fork-lab ${command.name}: ${error.message}\n\n${command.usage}\n`);
    return CLI_USAGE_EXIT;
  }
}
