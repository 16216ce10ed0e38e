import { describe, expect, it } from 'vitest';
import { buildChildMessage, FORK_BEGIN_PROMPT, FORK_BOILERPLATE, FORK_DIRECTIVE_ACKNOWLEDGEMENT, FORK_PLACEHOLDER_RESULT } from './child-message';

describe('fork child message', () => {
  it('is the boilerplate, a blank line, then "Directive: <prompt>"', () => {
    expect(buildChildMessage('Add tests for b.ts')).toBe(`${FORK_BOILERPLATE}\n\nDirective: Add tests for b.ts`);
    expect(FORK_BOILERPLATE.startsWith('<fork-boilerplate>\n')).toBe(true);
    expect(FORK_BOILERPLATE.endsWith('\n</fork-boilerplate>')).toBe(true);
  });

  it('tells the worker not to fork again and how to report', () => {
    expect(FORK_BOILERPLATE).toContain('do not fork again');
    for (const heading of ['Scope:', 'Result:', 'Key files:', 'Files changed:', 'Verification:', 'Issues:']) {
      expect(FORK_BOILERPLATE).toContain(heading);
    }
  });

  it('keeps the runtime literals byte-exact', () => {
    expect(FORK_PLACEHOLDER_RESULT).toBe('Fork started \u2014 processing in background');
    expect(FORK_DIRECTIVE_ACKNOWLEDGEMENT).toBe('Understood. Executing directive now.');
    expect(FORK_BEGIN_PROMPT).toBe('Begin.');
  });
});
