import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '@/lib/fork';
import { childBreakpoints } from '@/lib/provider-cache/fork-breakpoints';
import { forkCacheRequests } from '@/lib/provider-cache/fork-cache-requests';
import { forkBreakpoints } from '@/lib/provider-cache/predict-breakpoints';
import { parentOf } from '@/lib/scenarios/transcript-builders';
import { toAnthropicMessagesRequest } from './anthropic-messages-request';
import { childRequest, sampleConversation } from './testing/sample-child-request';

const conversation = sampleConversation('error-text');
const EPHEMERAL = { type: 'ephemeral' };

/** Every block of a body that carries cache_control, by where it is. */
function marked(body: ReturnType<typeof toAnthropicMessagesRequest>): string[] {
  const places: string[] = [];
  for (const [index, tool] of (body.tools ?? []).entries()) if (tool.cache_control) places.push(`tools[${index}]`);
  if (Array.isArray(body.system) && body.system.some((block) => block.cache_control)) places.push('system');
  for (const [index, message] of body.messages.entries()) {
    if (typeof message.content === 'string') continue;
    for (const [at, block] of message.content.entries()) if (block.cache_control) places.push(`messages[${index}].content[${at}]`);
  }
  return places;
}

describe('Anthropic export with cache breakpoints', () => {
  it('marks the last tool, the system instruction, the end of the inherited history and the last block', () => {
    const body = toAnthropicMessagesRequest(childRequest(conversation), { cacheBreakpoints: true });
    expect(marked(body)).toEqual(['tools[1]', 'system', 'messages[5].content[0]', 'messages[6].content[0]']);
    expect(body.system).toEqual([{ type: 'text', text: 'You are a coding agent.', cache_control: EPHEMERAL }]);
    expect(body.messages[5]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Both read.', cache_control: EPHEMERAL }] });
    expect(toAnthropicMessagesRequest(childRequest(conversation)).system).toBe('You are a coding agent.');
  });

  it('places them where the forecast assumed them', () => {
    const child = childRequest(conversation);
    const parent = parentOf([], { systemInstruction: child.systemInstruction, tools: child.tools, model: child.model });
    const requests = forkCacheRequests(parent, 0, child, {
      parentMessage: () => 1,
      childMessages: conversation.map(() => 1),
      firstPrompt: 1,
      parentSystem: 1,
      childSystem: 1,
      tool: () => 1,
    });
    const predicted = forkBreakpoints(requests.child, requests.forkPrefix, 4).map((at) => requests.child.segments[at - 1]!.path);
    const places = childBreakpoints(child).map((place) =>
      place.kind === 'system' ? 'system' : place.kind === 'tool' ? `tools[${place.index}]` : `messages[${place.index}]`,
    );
    expect(places).toEqual(predicted);
  });

  it('hands the breakpoint of a message the export leaves out to the one before it, and skips thinking blocks', () => {
    const initial: ModelMessage[] = [
      { role: 'user', content: 'Start.' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Thinking it over.' },
          { type: 'reasoning', text: 'signed', providerOptions: { anthropic: { signature: 's' } } },
        ],
      },
      { role: 'user', content: '' },
    ];
    const body = toAnthropicMessagesRequest(childRequest(initial, { tools: [] }), { cacheBreakpoints: true });
    expect(marked(body)).toEqual(['system', 'messages[1].content[0]', 'messages[2].content[0]']);
  });
});

describe('an export with breakpoints', () => {
  // A string cannot carry cache_control, so a marked message is written as one text block.
  const asBlocks = (message: ModelMessage) =>
    message.role !== 'tool' && typeof message.content === 'string' ? { ...message, content: [{ type: 'text', text: message.content }] } : message;

  it('imports back to the same conversation: cache_control is a hint, not content', async () => {
    const { importTranscript } = await import('@/lib/import/import-transcript');
    const child = childRequest(conversation);
    const imported = await importTranscript(JSON.stringify(toAnthropicMessagesRequest(child, { cacheBreakpoints: true })), { format: 'anthropic-messages' });
    expect(imported.transcript.messages.map((entry) => asBlocks(entry.message))).toEqual([...conversation, child.firstPrompt.message].map(asBlocks));
    expect(imported.transcript.profile).toMatchObject({ systemInstruction: child.systemInstruction, tools: child.tools });
  });
});
