import { boundedRegexTest, REGEX_CHECK_TIMEOUT_MS } from './bounded-regex';
import { type CheckResult, describeCheck, type OutputCheck } from './output-check';

function atPath(value: unknown, path: readonly (string | number)[]): { found: boolean; value?: unknown } {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { found: false };
    current = (current as Record<string | number, unknown>)[key];
  }
  return { found: true, value: current };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Time every regex check of one sweep may take together. One check stops at its own limit; the
 * budget keeps sixteen catastrophic patterns over sixteen children from adding up to seconds of a
 * blocked server.
 */
export class RegexBudget {
  constructor(public remainingMs = REGEX_SWEEP_BUDGET_MS) {}
}

export const REGEX_SWEEP_BUDGET_MS = 250;

function runOutputCheck(check: OutputCheck, output: string, outputTokens: number, budget: RegexBudget): CheckResult {
  const name = describeCheck(check);
  switch (check.kind) {
    case 'contains':
      return output.includes(check.text) ? { check: name, passed: true } : { check: name, passed: false, reason: 'not in the output' };
    case 'not-contains':
      return output.includes(check.text) ? { check: name, passed: false, reason: 'in the output' } : { check: name, passed: true };
    case 'regex': {
      if (budget.remainingMs <= 0) return { check: name, passed: false, reason: `not run: this sweep's regex checks used their ${REGEX_SWEEP_BUDGET_MS} ms` };
      const limit = Math.max(1, Math.ceil(Math.min(REGEX_CHECK_TIMEOUT_MS, budget.remainingMs)));
      const started = performance.now();
      const matched = boundedRegexTest(check.pattern, check.flags, output, limit);
      budget.remainingMs -= performance.now() - started;
      if (matched === 'timed-out') return { check: name, passed: false, reason: `the pattern ran past ${limit} ms (catastrophic backtracking?)` };
      return matched ? { check: name, passed: true } : { check: name, passed: false, reason: 'no match' };
    }
    case 'json-path': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(output);
      } catch {
        return { check: name, passed: false, reason: 'the output is not JSON' };
      }
      const at = atPath(parsed, check.path);
      if (!at.found) return { check: name, passed: false, reason: `${check.source} is not in the output` };
      return sameJson(at.value, check.equals)
        ? { check: name, passed: true }
        : { check: name, passed: false, reason: `${check.source} is ${JSON.stringify(at.value)}` };
    }
    case 'max-output-tokens':
      return outputTokens <= check.limit ? { check: name, passed: true } : { check: name, passed: false, reason: `${outputTokens} output tokens` };
  }
}

/** Every check against a child's final output and its output tokens. */
export function runOutputChecks(checks: readonly OutputCheck[], output: string, outputTokens: number, budget = new RegexBudget()): CheckResult[] {
  return checks.map((check) => runOutputCheck(check, output, outputTokens, budget));
}
