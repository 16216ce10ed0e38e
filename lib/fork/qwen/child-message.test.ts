import { describe, expect, it } from 'vitest';
import { buildChildMessage, FORK_BEGIN_PROMPT, FORK_BOILERPLATE, FORK_DIRECTIVE_ACKNOWLEDGEMENT, FORK_PLACEHOLDER_RESULT } from './child-message';

describe('fork child message', () => {
  it('is the boilerplate, a blank line, then "Directive: <prompt>"', () => {
    expect(buildChildMessage('Add tests for b.ts')).toBe(`${FORK_BOILERPLATE}\n\nDirective: Add tests for b.ts`);
    expect(FORK_BOILERPLATE.startsWith('<fork-boilerplate>\n')).toBe(true);
    expect(FORK_BOILERPLATE.endsWith('\n</fork-boilerplate>')).toBe(true);
  });

  it("is Qwen Code's own text (fork-subagent.ts at 05c11b40): its opening, its ten rules and its report outline", () => {
    const lines = FORK_BOILERPLATE.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '<fork-boilerplate>',
      'STOP. READ THIS FIRST.',
      '',
      'You are a forked worker process. You are NOT the main agent.',
      '',
      'RULES (non-negotiable):',
    ]);
    expect(lines.filter((line) => /^\d+\. /.test(line))).toHaveLength(10);
    expect(lines[6]).toBe('1. You ARE the fork. Do NOT spawn sub-agents; execute directly.');
    expect(lines[15]).toBe('10. REPORT structured facts, then stop');
    expect(lines.slice(17, 24).map((line) => line.split(':')[0]!.trim())).toEqual([
      'Output format (plain text labels, not markdown headers)',
      'Scope',
      'Result',
      'Key files',
      'Files changed',
      'Verification',
      'Issues',
    ]);
    expect(FORK_BOILERPLATE).toHaveLength(1449);
  });

  it('keeps the runtime literals byte-exact', () => {
    expect(FORK_PLACEHOLDER_RESULT).toBe('Fork started \u2014 processing in background');
    expect(FORK_DIRECTIVE_ACKNOWLEDGEMENT).toBe('Understood. Executing directive now.');
    expect(FORK_BEGIN_PROMPT).toBe('Begin.');
  });
});
