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
    expect(deliveryIn(JSON.stringify(chat), 'c1', 'as-message')).toEqual({ delivery: 'delivered', count: 1 });
    expect(deliveryIn(JSON.stringify(chat), 'c2', 'as-message')).toEqual({ delivery: 'missing', count: 0 });
    const twice = { messages: [...chat.messages, { role: 'user', content: notification('c1') }] };
    expect(deliveryIn(JSON.stringify(twice), 'c1', 'as-message')).toEqual({ delivery: 'repeated', count: 2 });
    // Two notifications in one user turn (Anthropic's parts: a call's result, then both) are two deliveries.
    const oneTurn = {
      messages: [
        ...chat.messages.slice(0, 2),
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: 'launched' },
            { type: 'text', text: notification('c1') },
            { type: 'text', text: notification('c1') },
          ],
        },
      ],
    };
    expect(deliveryIn(JSON.stringify(oneTurn), 'c1', 'as-message')).toEqual({ delivery: 'repeated', count: 2 });
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
    expect(deliveryIn(JSON.stringify(responses), 'spawn-1', 'as-message')).toEqual({ delivery: 'delivered', count: 1 });
    expect(deliveryIn('not json', 'spawn-1', 'as-message')).toEqual({ delivery: 'missing', count: 0 });
  });
});

describe('a result that answers the call that started the fork', () => {
  it('is delivered once as the call’s own answer, in any API’s shape; an answer that is empty is none', () => {
    const answer = (content: unknown) => ({ role: 'tool', tool_call_id: 'Agent:0', content });
    const chat = { messages: [{ role: 'user', content: 'go' }, answer('Wall time: 0.1 seconds\nagent_id: agent-0')] };
    expect(deliveryIn(JSON.stringify(chat), 'Agent:0', 'as-call-result')).toEqual({ delivery: 'delivered', count: 1 });
    expect(deliveryIn(JSON.stringify(chat), 'Agent:0', 'as-message')).toEqual({ delivery: 'missing', count: 0 });
    expect(deliveryIn(JSON.stringify({ messages: [answer('  ')] }), 'Agent:0', 'as-call-result')).toEqual({ delivery: 'missing', count: 0 });
    const messages = { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'Thursday.' }] }] }] };
    expect(deliveryIn(JSON.stringify(messages), 't1', 'as-call-result')).toEqual({ delivery: 'delivered', count: 1 });
    const responses = {
      input: [
        { type: 'function_call_output', call_id: 'c9', output: 'done' },
        { type: 'function_call_output', call_id: 'c9', output: 'again' },
      ],
    };
    expect(deliveryIn(JSON.stringify(responses), 'c9', 'as-call-result')).toEqual({ delivery: 'repeated', count: 2 });
  });
});
