import { describe, expect, it } from 'vitest';
import { SHARED_CHAT_SHAPE_SCORE, sharedChatShapeScore } from './shared-chat-shape';

describe('sharedChatShapeScore', () => {
  const roles = ['user', 'assistant'];

  it('gives the shared score to role and content alone: a string, or bare text parts', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ];
    expect(sharedChatShapeScore(messages, roles)).toBe(SHARED_CHAT_SHAPE_SCORE);
  });

  it('gives 0 when one message says more, or has a role the format does not allow there', () => {
    expect(sharedChatShapeScore([{ role: 'system', content: 'Be brief.' }], roles)).toBe(0);
    expect(sharedChatShapeScore([{ role: 'user', content: 'hi', name: 'ann' }], roles)).toBe(0);
    expect(sharedChatShapeScore([{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: {} }] }], roles)).toBe(0);
    expect(sharedChatShapeScore([{ role: 'user', content: [] }], roles)).toBe(0);
    expect(sharedChatShapeScore([{ role: 'user', content: 'hi' }, null], roles)).toBe(0);
  });
});
