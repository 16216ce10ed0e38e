import { describe, expect, it } from 'vitest';
import { deliveryIn } from './delivery';

const notification = (id: string) => `<task-notification>\n<tool-use-id>${id}</tool-use-id>\n<status>completed</status>\n</task-notification>`;

describe('deliveryIn', () => {
  it('finds Qwen’s and Claude Code’s notification once in a user turn; the parent echoing it is not a delivery', () => {
    const chat = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: `A background agent reported back:\n${notification('c1')}` },
        { role: 'user', content: [{ type: 'text', text: notification('c1') }] },
      ],
    };
    expect(deliveryIn(JSON.stringify(chat), 'c1')).toEqual({ delivery: 'delivered', count: 1 });
    expect(deliveryIn(JSON.stringify(chat), 'c2')).toEqual({ delivery: 'missing', count: 0 });
    const twice = { messages: [...chat.messages, { role: 'user', content: notification('c1') }] };
    expect(deliveryIn(JSON.stringify(twice), 'c1')).toEqual({ delivery: 'repeated', count: 2 });
  });

  it('finds Codex’s FINAL_ANSWER agent message among the Responses items', () => {
    const responses = {
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] },
        {
          type: 'agent_message',
          author: '/root/notes',
          recipient: '/root',
          content: [{ type: 'input_text', text: 'Message Type: FINAL_ANSWER\nTask name: /root\nSender: /root/notes\nPayload:\nDone.' }],
        },
      ],
    };
    expect(deliveryIn(JSON.stringify(responses), 'spawn-1')).toEqual({ delivery: 'delivered', count: 1 });
    expect(deliveryIn('not json', 'spawn-1')).toEqual({ delivery: 'missing', count: 0 });
  });
});
