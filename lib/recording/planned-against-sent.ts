import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import type { ChildRequest, ModelMessage, TranscriptMessage } from '@/lib/fork';
import { importTranscript } from '@/lib/import/import-transcript';
import { firstDifference } from '@/lib/provider-cache/miss-explainer';
import type { CapturedConversation } from './captured-conversation';
import { forkItems, sourcedMessages } from './captured-sources';
import { keysOf } from './conversation-keys';
import type { ForkFinding } from './fork-finding';
import { inShapeOf, messageKey } from './message-shape';
import type { ModelApi } from './model-api';
import { framingCarried, type Judged } from './runtime-of-call';

/**
 * The child's request as the runtime's rules plan it, written and read back in the captured one's
 * provider format, so both sides lose and gain the same. Fork Lab writes no Responses body: a
 * Responses child is compared with the plan as it stands, whose inherited messages the Responses
 * importer read from the parent's request (a round trip through Chat Completions would lose the
 * phases and reasoning a Codex fork keeps), and whose own messages are in the shape it reads.
 */
async function expectedConversation(api: ModelApi, child: ChildRequest): Promise<ModelMessage[]> {
  if (api === 'openai-responses') return [...child.initialMessages, child.firstPrompt].map((entry) => entry.message);
  const anthropic = api === 'anthropic-messages';
  const body = anthropic ? toAnthropicMessagesRequest(child) : toOpenAiChatRequest(child);
  return (await importTranscript(JSON.stringify(body), { format: anthropic ? api : 'openai-chat' })).transcript.messages.map((entry) => entry.message);
}

/** A planned child against the one sent: the first difference, and the two side by side. */
export async function compared(
  planned: ChildRequest,
  forkedParent: readonly TranscriptMessage[],
  { parent, index, child, actual, task }: { parent: CapturedConversation; index: number; child: CapturedConversation; actual: ModelMessage[]; task: string },
): Promise<Pick<Judged, 'verdict' | 'difference' | 'expectedMessages' | 'items' | 'boilerplate'>> {
  const messages = [...planned.initialMessages, planned.firstPrompt];
  const boilerplate = framingCarried(messages, actual, task);
  const expected = await expectedConversation(child.api, planned);
  const system =
    planned.systemInstruction === child.transcript.profile.systemInstruction
      ? null
      : { at: 'system', ...whereTextsPart(planned.systemInstruction, child.transcript.profile.systemInstruction) };
  // The tools the child is declared, by name (each API writes a schema its own way): a runtime
  // that withholds some from its forks (Qwen's agent) shows here.
  const plannedTools = planned.tools.map((tool) => tool.name).join(', ');
  const sentTools = child.transcript.profile.tools.map((tool) => tool.name).join(', ');
  const tools = plannedTools === sentTools ? null : { at: 'tools', expected: plannedTools || '(none)', actual: sentTools || '(none)' };
  const expectedKeys = expected.map(messageKey);
  const actualKeys = keysOf(child);
  const found = system ?? tools ?? messageDifference(expected, actual, expectedKeys, actualKeys);
  // The plan's messages as the provider format carries them, where writing them out kept one per message.
  const aligned = expected.length === messages.length;
  const left = aligned ? messages.map((entry, at) => ({ ...entry, message: expected[at]! })) : messages;
  const sent = sourcedMessages(child.transcript.messages, forkedParent, messages, {
    actual: actualKeys,
    parent: keysOf(parent).slice(0, index + 1),
  });
  const items = forkItems(left, sent, { ...(aligned ? { planned: expectedKeys } : {}), sent: actualKeys });
  return { verdict: found === null ? 'matches' : 'differs', difference: found, expectedMessages: expected.length, items, boilerplate };
}

function messageDifference(
  expected: readonly ModelMessage[],
  actual: readonly ModelMessage[],
  expectedKeys: readonly string[],
  actualKeys: readonly string[],
): ForkFinding['difference'] {
  for (let index = 0; index < Math.max(expected.length, actual.length); index += 1) {
    // Read alike (the same key): no difference there, and no deep comparison needed.
    if (index < expected.length && index < actual.length && expectedKeys[index] === actualKeys[index]) continue;
    const planned = expected[index];
    const difference = firstDifference(planned === undefined ? undefined : inShapeOf(planned, actual[index]), actual[index], `messages[${index}]`);
    if (difference !== null) return { at: difference.path, expected: show(difference.before), actual: show(difference.after) };
  }
  return null;
}

/**
 * Two long texts (a system prompt) where they part: a little of what they share, then each one's
 * own continuation, so the difference is in view instead of a whole prompt twice.
 */
export function whereTextsPart(expected: string, actual: string): { expected: string; actual: string } {
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
  const from = Math.max(0, at - 60);
  const clip = (text: string) => `${from > 0 ? '…' : ''}${text.slice(from, at + 240)}${text.length > at + 240 ? '…' : ''}`;
  return { expected: clip(expected), actual: clip(actual) };
}

function show(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const written = typeof value === 'string' ? value : JSON.stringify(value);
  return written.length > 300 ? `${written.slice(0, 300)}…` : written;
}
