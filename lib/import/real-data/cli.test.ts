import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forkLab } from '@/lib/cli/testing/run-fork-lab';
import { REAL_FIXTURES, realDataSuite } from './locations';

/** A real file as the CLI is given it: a path from the repository's root, where the command runs. */
const file = (name: string) => path.posix.join(REAL_FIXTURES.shown, name);
const CLAUDE = file('claude-code/toolpath-elicit-tools.jsonl');
const GEMINI = file('gemini/geminicli-eval-compression-state-tracking.json');

/** The CLI's plans on real sessions, as the commands print them. */
realDataSuite(REAL_FIXTURES, () => {
  describe('fork-lab on real sessions', () => {
    it('plan: a summary of what the child receives from a real Claude Code session', () => {
      const { code, stdout, stderr } = forkLab('plan', CLAUDE, '--runtime', 'qwen-fork-turns', '--param', 'fork_turns=1', '--directive', 'List the tools');
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toBe(
        [
          'Qwen Code fork_turns · { subagent_type: "fork", fork_turns: "1", description: "Fork" } · directive: “List the tools”',
          'parent: “Exercise common coding tool categories” · 40 messages · Claude Code session (JSONL)',
          'window: fork_turns "1": the last 1 real user turn · 1 real user turn',
          'child: 44 initial messages (41 from the parent, 3 written by the runtime), then its first prompt',
          'cache: 40 of 44 messages a prefix cache can reuse (system matches, tools match)',
          'first prompt: "Begin."',
          '',
        ].join('\n'),
      );
    }, 30_000);

    it('compare: each variant and every message of a real Gemini history the variants treat differently', () => {
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
        "  A  inherits 4 of 18 parent messages, plus 4 more (the parent's Agent call, what the runtime adds) · 0 reusable by a prefix cache",
        "  B  inherits 14 of 18 parent messages, plus 0 more (the parent's Agent call, what the runtime adds) · 14 reusable by a prefix cache",
        '',
      ]);
      expect(lines[7]).toBe('rows the variants treat differently: 24 (parent messages, and messages a child has that the parent does not)');
      expect(lines[8]).toBe('  #0   user      A - before-window                  | B + in-window');
      // DeepSeek's task prompt stands after #13, where its window ends; Qwen's messages after the parent's end.
      expect(lines.slice(22)).toEqual([
        '  +14  user      A -                                | B + task-prompt',
        '  #14  user      A + in-window                      | B - in-flight-turn',
        '  #15  assistant A + in-window                      | B - in-flight-turn',
        '  #16  tool      A + in-window                      | B - in-flight-turn',
        '  #17  assistant A + in-window                      | B - in-flight-turn',
        '  +18  assistant A + agent-call-written             | B -',
        '  +18  tool      A + fork-placeholder-result        | B -',
        '  +18  user      A + fork-directive-message         | B -',
        '  +18  assistant A + fork-directive-acknowledgement | B -',
        '  +18  user      A + fork-begin-prompt              | B -',
        '',
      ]);
    }, 30_000);

    it('sweep: each window planned on a real Gemini history as imported', () => {
      const run = forkLab(
        'sweep',
        GEMINI,
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
      expect(result.variants[0]!.initialMessages).toBeLessThan(result.variants[1]!.initialMessages);
      expect(result.variants[1]!.initialMessages).toBeLessThan(result.variants[2]!.initialMessages);
      expect(result.smallestPassing).toBe('1');
    }, 30_000);
  });
});
