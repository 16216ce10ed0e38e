import { describe, expect, it } from 'vitest';
import { user } from '@/lib/scenarios/transcript-builders';
import { isSummaryMessage } from './summary-message';

describe('Deep Agents’ summary message', () => {
  it('opens as buildSummaryMessage writes it, with the offload path or without', () => {
    expect(
      isSummaryMessage(
        user(
          's',
          'You are in the middle of a conversation that has been summarized.\n\nThe full conversation history has been saved to /conversation_history/x.md',
        ),
      ),
    ).toBe(true);
    expect(isSummaryMessage(user('s', 'Here is a summary of the conversation to date:\n\nWe fixed the date bug.'))).toBe(true);
  });

  it('is no other message', () => {
    expect(isSummaryMessage(user('u', 'Here is a summary of the conversation to date: none'))).toBe(false);
    expect(isSummaryMessage({ id: 'a', message: { role: 'assistant', content: 'You are in the middle of a conversation that has been summarized.' } })).toBe(
      false,
    );
    expect(isSummaryMessage(undefined)).toBe(false);
  });
});
