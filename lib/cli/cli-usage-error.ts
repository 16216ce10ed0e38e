/**
 * A command line Fork Lab cannot run: names the flag (or argument) and what is allowed. The CLI
 * prints it on stderr and exits with {@link CLI_USAGE_EXIT}, apart from a run that went wrong.
 */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';

  constructor(
    readonly flag: string,
    message: string,
  ) {
    super(`${flag}: ${message}`);
  }
}

/** Exit codes: 0 done; 1 the answer is "no" (the runtime rejects the call); 2 the command line or the input is wrong. */
export const CLI_OK_EXIT = 0;
export const CLI_REJECTED_EXIT = 1;
export const CLI_USAGE_EXIT = 2;
