import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_CHAT } from '@/lib/sweep/testing/canary-parent';
import { forkLab, forkLabIn, forkLabInProcess } from './testing/run-fork-lab';

/** A parent with a canary fact stated four real turns before the end. */
const canary = path.join(mkdtempSync(path.join(tmpdir(), 'fork-lab-sweep-')), 'canary.json');
writeFileSync(canary, JSON.stringify(CANARY_CHAT));
const SWEEP = [
  'sweep',
  canary,
  '--format',
  'openai-chat',
  '--runtime',
  'qwen-fork-turns',
  '--windows',
  '1,2,3,4,all',
  '--directive',
  'What is the deploy password?',
];

describe('fork-lab sweep', () => {
  it('finds the smallest window whose child knows a fact four turns back, with the offline model (the real command)', () => {
    const run = forkLab(...SWEEP, '--check', 'contains:heron-7731', '--expect-smallest', '4');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('[1/5] fork_turns 1\n[2/5] fork_turns 2\n[3/5] fork_turns 3\n[4/5] fork_turns 4\n[5/5] fork_turns all\n');
    expect(run.stdout).toBe(
      [
        'window  status  messages  input tok  output tok  checks',
        '1       failed  6         399        9           0/1',
        '2       failed  8         410        9           0/1',
        '3       failed  10        422        9           0/1',
        '4 *     passed  12        435        26          1/1',
        'all     passed  12        435        26          1/1',
        '  1: contains:heron-7731 failed: not in the output',
        '  2: contains:heron-7731 failed: not in the output',
        '  3: contains:heron-7731 failed: not in the output',
        'smallest passing window: 4 (marked *)',
        '',
      ].join('\n'),
    );
  }, 30_000);

  it('runs from any directory, with a file named relative to it (a runtime’s CI runs it from its own checkout)', () => {
    const run = forkLabIn(path.dirname(canary), ...SWEEP.map((arg) => (arg === canary ? 'canary.json' : arg)), '--check', 'contains:heron-7731');
    expect({ code: run.code, stderr: run.stderr.split('\n').at(-2) }).toEqual({ code: 0, stderr: '[5/5] fork_turns all' });
    expect(run.stdout).toContain('smallest passing window: 4 (marked *)');
  }, 30_000);

  it('sweeps an imported Gemini history (the real command): each window planned on the file as imported', () => {
    const run = forkLab(
      'sweep',
      'lib/import/fixtures/own/gemini-checkpoint/eval-scenario-history.json',
      '--runtime',
      'qwen-fork-turns',
      '--windows',
      '1,2,all',
      '--directive',
      'What changed?',
      '--check',
      'max-output-tokens:400',
      '--json',
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { variants: { label: string; status: string; initialMessages: number }[]; smallestPassing: string };
    expect(result.variants.map((variant) => [variant.label, variant.status])).toEqual([
      ['1', 'passed'],
      ['2', 'passed'],
      ['all', 'passed'],
    ]);
    // The same windows as fork-lab compare plans them on this file (A inherits 4 of 16 at fork_turns 1).
    expect(result.variants.map((variant) => variant.initialMessages)).toEqual([8, 10, 20]);
    expect(result.smallestPassing).toBe('1');
  }, 30_000);

  it('sweeps every runtime at its defaults with --every-runtime, and refuses it beside --runtime', async () => {
    const run = await forkLabInProcess(
      'sweep',
      canary,
      '--format',
      'openai-chat',
      '--every-runtime',
      '--directive',
      'What is the deploy password?',
      '--check',
      'contains:heron-7731',
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      '[1/6] qwen-fork-turns\n[2/6] kimi-fork\n[3/6] deepseek-completed-turns\n[4/6] codex-spawn-agent\n[5/6] claude-code-fork\n[6/6] deep-agents-fork\n',
    );
    expect(
      run.stdout
        .split('\n')
        .slice(1, 7)
        .map((line) => line.split(/\s+/).slice(0, 2).join(' ')),
    ).toEqual([
      'qwen-fork-turns passed',
      'kimi-fork passed',
      'deepseek-completed-turns *',
      'codex-spawn-agent passed',
      'claude-code-fork passed',
      'deep-agents-fork passed',
    ]);
    expect(run.stdout).toContain('smallest passing window: deepseek-completed-turns (marked *)');
    const both = await forkLabInProcess(...SWEEP, '--every-runtime', '--check', 'contains:a');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--every-runtime: sweeps every runtime at its defaults: leave out --runtime and --windows');
  }, 30_000);

  it('writes the sweep as a self-contained HTML report with --html', async () => {
    const report = path.join(path.dirname(canary), 'report.html');
    const run = await forkLabInProcess(...SWEEP, '--check', 'contains:heron-7731', '--html', report);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`report written to ${report}\n`);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<p id="smallest"><strong>Smallest passing window: 4</strong></p>');
    expect(html).toContain('<tr class="smallest"><td>4 ★</td><td class="passed">passed</td>');
    expect(html).not.toMatch(/<script/i);
  }, 30_000);

  it('exits 1 when no window passes, or when another window than --expect-smallest is the smallest', async () => {
    const none = await forkLabInProcess(...SWEEP, '--check', 'contains:swordfish');
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('no window passes every check\n');
    const other = await forkLabInProcess(...SWEEP, '--check', 'contains:heron-7731', '--expect-smallest', '2');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('fork-lab sweep: expected the smallest passing window to be 2, but it is 4\n');
  }, 30_000);

  it('gives every variant’s plan size, tokens, output and checks with --json, and keeps a window the runtime rejects', async () => {
    const { code, stdout } = await forkLabInProcess(
      ...SWEEP.slice(0, 7),
      '0,all',
      '--directive',
      'What is the deploy password?',
      '--check',
      'contains:heron',
      '--json',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.smallestPassing).toBe('all');
    expect(result.variants[0]).toMatchObject({
      label: '0',
      status: 'rejected',
      errors: ['Parameter "fork_turns" must be "all" or a positive integer string such as "3".'],
    });
    expect(result.variants[1]).toMatchObject({ label: 'all', status: 'passed', initialMessages: 12, checks: [{ check: 'contains:heron', passed: true }] });
    expect(result.variants[1].output).toContain('heron-7731');
  }, 30_000);

  it('exits 2 naming the flag and what is allowed', async () => {
    const cases: [string[], string][] = [
      [
        ['sweep', canary, '--runtime', 'kimi-fork', '--windows', '1', '--directive', 'x', '--check', 'contains:a'],
        '--runtime: kimi-fork has no window to sweep',
      ],
      [
        ['sweep', canary, '--runtime', 'qwen-fork-turns', '--directive', 'x', '--check', 'contains:a'],
        '--windows: list 1 to 16 values of fork_turns to try, comma-separated (e.g. 1,2,4,all)',
      ],
      [
        [
          'sweep',
          canary,
          '--runtime',
          'qwen-fork-turns',
          '--windows',
          Array.from({ length: 17 }, (_, k) => k + 1).join(','),
          '--directive',
          'x',
          '--check',
          'contains:a',
        ],
        '--windows: list 1 to 16 values of fork_turns to try',
      ],
      [['sweep', canary, '--runtime', 'qwen-fork-turns', '--windows', '1', '--check', 'contains:a'], '--directive: what every child is asked to do'],
      [['sweep', canary, '--runtime', 'qwen-fork-turns', '--windows', '1', '--directive', 'x'], '--check: at least one check over the output'],
      [
        ['sweep', canary, '--runtime', 'qwen-fork-turns', '--windows', '1', '--directive', 'x', '--check', 'equals:a'],
        '--check: "equals:a": "equals" is not a check',
      ],
      [
        ['sweep', canary, '--runtime', 'qwen-fork-turns', '--windows', '1', '--directive', 'x', '--check', 'contains:a', '--model', 'gpt-5'],
        '--model: "gpt-5": the CLI runs the offline model',
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await forkLabInProcess(...args);
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr, args.join(' ')).toContain(message);
    }
  });
});
