import { describe, expect, it } from 'vitest';
import { INHERITANCE_NOTICE, INHERITANCE_NOTICE_REMINDER, kimiPromptText } from './inheritance-notice';

describe('Kimi inheritance notice', () => {
  it('frames the history as an inherited snapshot for reference, and the child as independent', () => {
    expect(INHERITANCE_NOTICE).toBe(
      'The conversation above is not your own history: it is a one-time snapshot inherited from the agent that forked you. Treat it as reference material only — you are an independent subagent, not a continuation of that agent. Do the task below directly yourself, then report the result.',
    );
  });

  it('prefixes the task with the notice and a blank line, or sends the task bare', () => {
    expect(kimiPromptText('do it', 'prompt-prefix')).toBe(`${INHERITANCE_NOTICE}\n\ndo it`);
    expect(kimiPromptText('do it', 'system-reminder')).toBe('do it');
    expect(INHERITANCE_NOTICE_REMINDER).toBe(`<system-reminder>\n${INHERITANCE_NOTICE}\n</system-reminder>`);
  });
});
