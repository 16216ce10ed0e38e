import { isRecord } from '@/lib/json/is-record';

/**
 * A driver's function that threw or gave what a turn cannot use: the cell is red and says which,
 * rather than the run ending with an unhandled error. The built-in drivers are typed; a driver
 * file's functions may return anything.
 */
export class DriverOutputError extends Error {
  override readonly name = 'DriverOutputError';
}

/** A driver function's answer, its throw said as the driver's. */
function called<T>(what: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new DriverOutputError(`the driver's ${what} threw: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `args` and `allTurns`: a command line, a list of strings. */
export function driverArgs(what: string, call: () => unknown): string[] {
  const value = called(what, call);
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw new DriverOutputError(`the driver's ${what} must return a list of strings, not ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}`);
  }
  return value;
}

/** `env` and `homeFiles`: names to texts. */
export function driverTexts(what: string, call: () => unknown): Record<string, string> {
  const value = called(what, call);
  if (!isRecord(value) || !Object.values(value).every((entry) => typeof entry === 'string')) {
    throw new DriverOutputError(
      `the driver's ${what} must return an object of texts ({ NAME: "value" }), not ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}`,
    );
  }
  return { ...value } as Record<string, string>;
}
