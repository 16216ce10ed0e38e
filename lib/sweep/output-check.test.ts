import { describe, expect, it } from 'vitest';
import { OutputCheckSyntaxError, parseOutputCheck } from './output-check';
import { RegexBudget, runOutputChecks } from './run-output-checks';

const run = (spec: string, output: string, tokens = 10) => runOutputChecks([parseOutputCheck(spec)], output, tokens)[0];

describe('output checks', () => {
  it('passes and fails each kind, saying why it failed', () => {
    expect(run('contains:heron-7731', 'It is heron-7731.')).toEqual({ check: 'contains:heron-7731', passed: true });
    expect(run('contains:heron-7731', 'No idea.')).toEqual({ check: 'contains:heron-7731', passed: false, reason: 'not in the output' });
    expect(run('not-contains:secret', 'a secret')).toEqual({ check: 'not-contains:secret', passed: false, reason: 'in the output' });
    expect(run('regex:/HERON-\\d+/i', 'heron-7731')).toEqual({ check: 'regex:/HERON-\\d+/i', passed: true });
    expect(run('regex:^\\d+$', 'x1')).toEqual({ check: 'regex:/^\\d+$/', passed: false, reason: 'no match' });
    expect(run('json-path:$.answer.codes[1]="b"', '{"answer":{"codes":["a","b"]}}')).toEqual({ check: 'json-path:$.answer.codes[1]="b"', passed: true });
    expect(run('json-path:$["a key"]=2', '{"a key":3}')).toEqual({ check: 'json-path:$["a key"]=2', passed: false, reason: '$["a key"] is 3' });
    expect(run('json-path:$.missing=1', '{}')).toMatchObject({ passed: false, reason: '$.missing is not in the output' });
    expect(run('json-path:$.a=1', 'not json')).toMatchObject({ passed: false, reason: 'the output is not JSON' });
    expect(run('max-output-tokens:10', 'x', 10)).toMatchObject({ passed: true });
    expect(run('max-output-tokens:10', 'x', 11)).toEqual({ check: 'max-output-tokens:10', passed: false, reason: '11 output tokens' });
  });

  it('fails a regex that backtracks past its time limit instead of holding the process', () => {
    expect(run('regex:^(a+)+$', `${'a'.repeat(40)}b`)).toEqual({
      check: 'regex:/^(a+)+$/',
      passed: false,
      reason: 'the pattern ran past 50 ms (catastrophic backtracking?)',
    });
  });

  it('gives all the regex checks of one sweep one time budget, so many slow patterns cannot add up', () => {
    const slow = parseOutputCheck('regex:^(a+)+$');
    const budget = new RegexBudget();
    const results = runOutputChecks([slow, slow, slow, slow, slow, slow, slow, parseOutputCheck('regex:b$')], `${'a'.repeat(40)}b`, 1, budget);
    expect(results[0]!.reason).toBe('the pattern ran past 50 ms (catastrophic backtracking?)');
    for (const result of results) expect(result.reason).toMatch(/^the pattern ran past \d+ ms \(catastrophic backtracking\?\)$|^not run: /);
    // 250 ms at 50 ms a check: five run (a sixth with what is left, on a slow machine), the rest do not.
    expect(results.filter((result) => result.reason?.startsWith('the pattern ran past')).length).toBeLessThanOrEqual(6);
    expect(results.at(-1)).toEqual({ check: 'regex:/b$/', passed: false, reason: "not run: this sweep's regex checks used their 250 ms" });
    expect(budget.remainingMs).toBeLessThanOrEqual(0);
  });

  it('refuses a check it cannot read, saying what is allowed', () => {
    const cases: [string, string][] = [
      ['equals:x', '"equals" is not a check; one of contains, not-contains, regex, json-path, max-output-tokens'],
      ['contains:', 'contains needs the text to look for (contains:<text>)'],
      ['regex:(', 'regex: Invalid regular expression: /(/: Unterminated group'],
      ['json-path:$.a', 'json-path needs a path and a value (json-path:$.answer="heron-7731")'],
      ['json-path:a.b=1', 'a JSON path starts with $ (got "a.b")'],
      ['json-path:$..a=1', 'cannot read the JSON path "$..a" at "..a": use .key, [0] or ["key"]'],
      ['json-path:$.a=heron', 'json-path: the value after = must be JSON (got heron)'],
      ['max-output-tokens:lots', 'max-output-tokens needs a whole number (got "lots")'],
      ['json-path:$["\\q"]=1', 'cannot read the key "\\q" in the JSON path'],
    ];
    for (const [spec, message] of cases) {
      expect(() => parseOutputCheck(spec), spec).toThrow(OutputCheckSyntaxError);
      expect(() => parseOutputCheck(spec), spec).toThrow(message);
    }
  });
});
