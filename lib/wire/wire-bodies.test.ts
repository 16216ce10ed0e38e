import { describe, expect, it } from 'vitest';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import { childRequest, sampleConversation } from '@/lib/export/testing/sample-child-request';
import { messagesBodySchema } from './anthropic-messages/messages-body';
import { chatBodySchema } from './openai-chat/chat-body';

describe('the bodies Fork Lab writes, checked against their API’s schema', () => {
  for (const secondResult of ['text', 'error-text'] as const) {
    const child = childRequest(sampleConversation(secondResult), { model: 'any-model' });

    it(`writes a Messages body the schema takes (${secondResult})`, () => {
      expect(messagesBodySchema.safeParse(toAnthropicMessagesRequest(child)).error).toBeUndefined();
      expect(messagesBodySchema.safeParse(toAnthropicMessagesRequest(child, { cacheBreakpoints: true })).error).toBeUndefined();
    });

    it(`writes a Chat Completions body the schema takes (${secondResult})`, () => {
      expect(chatBodySchema.safeParse(toOpenAiChatRequest(child, { promptCacheKey: 'parent' })).error).toBeUndefined();
    });
  }

  it('refuses what the API would refuse: a message of another role, a block of no type it knows', () => {
    expect(messagesBodySchema.safeParse({ model: 'm', max_tokens: 1, messages: [{ role: 'system', content: 'x' }] }).success).toBe(false);
    expect(messagesBodySchema.safeParse({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: [{ type: 'video' }] }] }).success).toBe(false);
    expect(chatBodySchema.safeParse({ model: 'm', messages: [{ role: 'tool', content: 'no call id' }] }).success).toBe(false);
  });
});
