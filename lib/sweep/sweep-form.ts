import { type ForkPolicy, runtimeOf } from '@/lib/fork';
import { OutputCheckSyntaxError, parseOutputCheck } from './output-check';
import { MAX_SWEEP_CHECKS, MAX_SWEEP_VARIANTS } from './sweep-record';

/** The window values of the sweep form's field, as the request carries them: comma-separated, trimmed. */
export function splitWindows(typed: string): string[] {
  return typed.split(',').map((value) => value.trim());
}

/** The checks of the sweep form's field: one a line, blank lines skipped. */
export function splitChecks(typed: string): string[] {
  return typed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The longest window value the sweep endpoint takes. */
export const MAX_WINDOW_LENGTH = 64;

const quoted = (value: string) => `“${value.length > 24 ? `${value.slice(0, 24)}…` : value}”`;

/**
 * Why the typed windows cannot be swept, or null. A value the runtime's window field does not read
 * as a window (a count, `all`, or a value one press beyond it such as Codex's `none`) is said here,
 * before anything runs; a value it reads but refuses by a rule of its own is still swept, and its
 * row shows the runtime's words.
 */
export function sweepWindowsProblem(policy: ForkPolicy, typed: string): string | null {
  const window = runtimeOf(policy).controls.window;
  if (window === undefined) return `${runtimeOf(policy).name} has no window to sweep.`;
  const values = splitWindows(typed);
  if (values.some((value) => value === '')) return 'A window between two commas is empty: list values such as 1,2,4,all.';
  const long = values.find((value) => value.length > MAX_WINDOW_LENGTH);
  if (long !== undefined) return `${quoted(long)} is longer than a window can be (${MAX_WINDOW_LENGTH} characters).`;
  if (values.length > MAX_SWEEP_VARIANTS) return `${values.length} windows: a sweep tries at most ${MAX_SWEEP_VARIANTS}.`;
  const twice = values.find((value, index) => values.indexOf(value) !== index);
  if (twice !== undefined) return `${quoted(twice)} is listed twice: each window once, as a sweep names its rows by window.`;
  const readable = new Set([window.all, ...window.neighbours(window.all, 2)]);
  const unread = values.filter((value) => window.count(value) === null && !readable.has(value.toLowerCase()));
  if (unread.length > 0) {
    const allowed = `a whole number of turns from 1, or ${[...readable].filter((value) => !/^\d+$/.test(value)).join(' or ')}`;
    return `${unread.map(quoted).join(', ')} ${unread.length === 1 ? 'is not a window' : 'are not windows'} of ${window.field}: ${allowed}.`;
  }
  return null;
}

/** Why the typed checks cannot be run, or null: at least one, at most the limit, each readable. */
export function sweepChecksProblem(typed: string): string | null {
  const checks = splitChecks(typed);
  if (checks.length === 0) return 'Add a check, one a line (contains:heron-7731, say): each child passes or fails by its checks.';
  if (checks.length > MAX_SWEEP_CHECKS) return `${checks.length} checks: a sweep takes at most ${MAX_SWEEP_CHECKS}.`;
  for (const [index, check] of checks.entries()) {
    try {
      parseOutputCheck(check);
    } catch (error) {
      if (!(error instanceof OutputCheckSyntaxError)) throw error;
      return `Check ${index + 1}, ${quoted(check)}: ${error.message}.`;
    }
  }
  return null;
}
