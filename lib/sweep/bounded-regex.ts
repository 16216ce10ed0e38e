import { createContext, runInContext } from 'node:vm';

/** Past this a regex check fails as too slow: a pattern from a script must not hold the server. */
export const REGEX_CHECK_TIMEOUT_MS = 50;

// One context for every check: the pattern and the text go in as values, never as code.
const context = createContext({ pattern: '', flags: '', text: '' });
const TEST = 'new RegExp(pattern, flags).test(text)';

/**
 * Whether `pattern` matches `text`, or `timed-out` when backtracking runs past the limit (V8 stops
 * a regex run by the vm's timeout, which it cannot do for one run on the main script).
 */
export function boundedRegexTest(pattern: string, flags: string, text: string, timeoutMs = REGEX_CHECK_TIMEOUT_MS): boolean | 'timed-out' {
  Object.assign(context, { pattern, flags, text });
  try {
    return runInContext(TEST, context, { timeout: timeoutMs }) === true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timed-out';
    throw error;
  } finally {
    Object.assign(context, { text: '' });
  }
}
