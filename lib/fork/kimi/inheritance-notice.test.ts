import { describe, expect, it } from 'vitest';
import { INHERITANCE_NOTICE, INHERITANCE_NOTICE_REMINDER, kimiPromptText } from './inheritance-notice';

describe('Kimi inheritance notice', () => {
  it('frames the history as an inherited snapshot for reference, and the child as independent', () => {
    expect(INHERITANCE_NOTICE).toContain('snapshot inherited from the agent that forked you');
    expect(INHERITANCE_NOTICE).toContain('reference material only, not your own history');
    expect(INHERITANCE_NOTICE).toContain('You are an independent agent now');
  });

  it('prefixes the task with the notice and a blank line, or sends the task bare', () => {
    expect(kimiPromptText('do it', 'prompt-prefix')).toBe(`${INHERITANCE_NOTICE}\n\ndo it`);
    expect(kimiPromptText('do it', 'system-reminder')).toBe('do it');
    expect(INHERITANCE_NOTICE_REMINDER).toBe(`<system-reminder>\n${INHERITANCE_NOTICE}\n</system-reminder>`);
  });
});
