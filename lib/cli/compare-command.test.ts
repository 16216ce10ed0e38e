import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withAgentCall } from '@/lib/agent-call/agent-call';
import { dispositionAt, planFork } from '@/lib/fork';
import { importTranscript } from '@/lib/import';
import type { CompareTable } from './compare-table';
import { forkRequestFromFlags } from './fork-request-from-flags';
import { forkLab, forkLabInProcess, REPO_ROOT } from './testing/run-fork-lab';

/** A Gemini history of five real user turns, three of them with a tool call (lib/import/fixtures/own). */
const GEMINI = 'lib/import/fixtures/own/gemini-checkpoint/eval-scenario-history.json';

describe('fork-lab compare', () => {
  it('prints, for an imported session, each variant and every message the variants treat differently', () => {
    const { code, stdout, stderr } = forkLab(
      'compare',
      GEMINI,
      '--variant',
      'qwen-fork-turns fork_turns=1',
      '--variant',
      'deepseek-completed-turns',
      '--directive',
      'What changed?',
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'variants:',
      '  A  Qwen Code fork_turns · { subagent_type: "fork", fork_turns: "1", description: "Fork" } · directive: “What changed?”',
      '  B  DeepSeek completed turns · { description: "Fork" } · directive: “What changed?”',
      '',
      "  A  inherits 4 of 16 parent messages, plus 4 more (the parent's Agent call, what the runtime adds) · 0 reusable by a prefix cache",
      "  B  inherits 12 of 16 parent messages, plus 0 more (the parent's Agent call, what the runtime adds) · 12 reusable by a prefix cache",
      '',
    ]);
    expect(lines[7]).toBe('rows the variants treat differently: 22 (parent messages, and messages a child has that the parent does not)');
    expect(lines[8]).toBe('  #0   user      A - before-window                  | B + in-window');
    // DeepSeek's task prompt stands after #11, where its window ends; Qwen's messages after the parent's end.
    expect(lines.slice(20)).toEqual([
      '  +12  user      A -                                | B + task-prompt',
      '  #12  user      A + in-window                      | B - in-flight-turn',
      '  #13  assistant A + in-window                      | B - in-flight-turn',
      '  #14  tool      A + in-window                      | B - in-flight-turn',
      '  #15  assistant A + in-window                      | B - in-flight-turn',
      '  +16  assistant A + agent-call-written             | B -',
      '  +16  tool      A + fork-placeholder-result        | B -',
      '  +16  user      A + fork-directive-message         | B -',
      '  +16  assistant A + fork-directive-acknowledgement | B -',
      '  +16  user      A + fork-begin-prompt              | B -',
      '',
    ]);
  }, 30_000);

  it('gives with --json --all every message’s treatment by every variant, exactly as the engine plans it', async () => {
    const variants = ['qwen-fork-turns fork_turns=3', 'kimi-fork fork=true', 'qwen-fork-turns fork_turns=all fork-point=10'];
    const { code, stdout } = forkLab('compare', GEMINI, ...variants.flatMap((variant) => ['--variant', variant]), '--directive', 'go', '--all', '--json');
    expect(code).toBe(0);
    const table = JSON.parse(stdout) as CompareTable;
    const imported = await importTranscript(new Uint8Array(readFileSync(path.join(REPO_ROOT, GEMINI))));
    const parentRows = table.rows.flatMap((row) => (row.kind === 'parent' ? [row] : []));
    expect(parentRows.map((row) => row.index)).toEqual(imported.transcript.messages.map((_, index) => index));
    variants.forEach((variant, k) => {
      const [runtime, ...pairs] = variant.split(' ');
      const forkPoint = pairs.find((pair) => pair.startsWith('fork-point='))?.slice(11);
      const request = forkRequestFromFlags({ runtime, params: pairs.filter((pair) => !pair.startsWith('fork-point=')), directive: 'go', forkPoint });
      const plan = planFork(withAgentCall(imported.transcript, request).transcript, request);
      for (const row of parentRows) {
        const expected = dispositionAt(plan.parent, row.index)!;
        expect(row.cells[k], `${variant} #${row.index}`).toEqual({ status: expected.status, reason: expected.reason });
      }
    });
    // The fork point excludes what comes after it.
    expect(parentRows[12]!.cells[2]).toEqual({ status: 'excluded', reason: 'after-fork-point' });
  }, 30_000);

  it('keeps a variant the runtime rejects in the compare, with the runtime’s words', () => {
    const { code, stdout } = forkLab('compare', GEMINI, '--variant', 'qwen-fork-turns fork_turns=0', '--variant', 'kimi-fork fork=true', '--directive', 'go');
    expect(code).toBe(0);
    expect(stdout).toContain('  A  rejected: fork_turns: Parameter "fork_turns" must be "all" or a positive integer string such as "3".\n');
  }, 30_000);

  it('exits 2 naming the variant and what is wrong with it', async () => {
    const cases: [string[], string][] = [
      [['compare', GEMINI, '--variant', 'kimi-fork fork=true'], "--variant: give 2 to 8 variants (got 1), each '<runtime> [name=value]…'"],
      [
        ['compare', GEMINI, '--variant', 'kimi-fork', '--variant', 'qwenn fork_turns=1'],
        '--variant 2 ("qwenn fork_turns=1"): --runtime: "qwenn" is not a runtime',
      ],
      [
        ['compare', GEMINI, '--variant', 'kimi-fork', '--variant', 'kimi-fork depth=2'],
        '--variant 2 ("kimi-fork depth=2"): --param: kimi-fork has no parameter "depth"',
      ],
    ];
    // In process (the spawned command is checked above): runCli is what bin/fork-lab.mjs runs.
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await forkLabInProcess(...args);
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toContain(message);
    }
  }, 30_000);
});
