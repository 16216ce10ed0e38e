import { assistant, parentOf, reminder, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage, ParentRange } from '../../fork-plan';
import { planFork } from '../../plan-fork';
import type { TranscriptMessage } from '../../transcript/transcript';
import { buildChildMessage } from '../child-message';
import type { QwenForkParams } from '../qwen-fork-request';

/* The Qwen planner tests' parent, request and expected child pieces, shared by their files. */

export const DIRECTIVE = 'Write unit tests for b.ts.';
export const CHILD_MESSAGE = buildChildMessage(DIRECTIVE, '0.24');

/** A call as Qwen 0.24's model writes it: with the description its schema requires, unless the test says otherwise. */
export function plan(messages: TranscriptMessage[], params: QwenForkParams, directive = DIRECTIVE) {
  return planFork(parentOf(messages), { policy: 'qwen-fork-turns', directive, params: 'description' in params ? params : { description: 'Task', ...params } });
}

export function copyOf(messages: TranscriptMessage[], index: number): ChildMessage {
  return {
    message: messages[index]!.message,
    ...(messages[index]!.meta ? { meta: messages[index]!.meta } : {}),
    source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
  };
}

/** Parent messages the child's first send curates into one user message: their parts side by side. */
export function mergedCopy(messages: TranscriptMessage[], indexes: number[]): ChildMessage {
  return {
    message: { role: 'user', content: indexes.flatMap((index) => messages[index]!.message.content as { type: 'text'; text: string }[]) },
    source: { kind: 'copy', parentIndexes: indexes, parentIds: indexes.map((index) => messages[index]!.id), change: 'merged' },
  };
}

/** The four messages a fork appends after the in-flight Agent call, with its inputs redacted. */
/** One result for each call, all with the same output. */
function resultsFor(calls: readonly { id: string; tool: string }[], output: { type: 'text' | 'error-text'; value: string }) {
  return calls.map((call) => ({ type: 'tool-result' as const, toolCallId: call.id, toolName: call.tool, output }));
}

export function inFlightTail(messages: TranscriptMessage[], index: number, calls: { id: string; tool: string }[]): ChildMessage[] {
  const original = messages[index]!.message;
  const redacted = {
    ...original,
    content: (original.content as { type: string }[]).map((part) => (part.type === 'tool-call' ? { ...part, input: {} } : part)),
  };
  return [
    {
      message: redacted as ChildMessage['message'],
      source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id], change: 'tool-inputs-redacted' },
    },
    {
      message: {
        role: 'tool',
        content: resultsFor(calls, { type: 'text', value: 'Fork started — processing in background' }),
      },
      source: { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: calls.map((call) => call.id) },
    },
    {
      message: { role: 'user', content: [{ type: 'text', text: CHILD_MESSAGE }] },
      source: { kind: 'synthetic', rule: 'fork-directive-message' },
    },
    {
      message: { role: 'assistant', content: [{ type: 'text', text: 'Understood. Executing directive now.' }] },
      source: { kind: 'synthetic', rule: 'fork-directive-acknowledgement' },
    },
  ];
}

/** The error result Qwen's chat gives, on the child's first send, each call no result answers. */
export function orphansClosed(calls: { id: string; tool: string }[]): ChildMessage {
  return {
    message: {
      role: 'tool',
      content: resultsFor(calls, {
        type: 'error-text',
        value: 'Tool execution result was not recorded — likely interrupted by network failure, abort, or process exit. Treat as failure and retry if needed.',
      }),
    },
    source: { kind: 'synthetic', rule: 'orphaned-call-closed', toolCallIds: calls.map((call) => call.id) },
  };
}

export const BEGIN = {
  message: { role: 'user', content: [{ type: 'text', text: 'Begin.' }] },
  source: { kind: 'synthetic', rule: 'fork-begin-prompt' },
};
export const DIRECTIVE_PROMPT = {
  message: { role: 'user', content: [{ type: 'text', text: CHILD_MESSAGE }] },
  source: { kind: 'synthetic', rule: 'fork-directive-prompt' },
};

export function ranges(plan: { parent: ParentRange[] }) {
  return plan.parent.map((range) => [range.start, range.end, range.status, range.reason]);
}

export const agentCall = (id: string, callId: string, input: Record<string, unknown>) => toolCalls(id, [{ id: callId, tool: 'agent', input }]);

/** startup · turn 1 with a tool pair · reminder · turn 2 · turn 3 ending in the in-flight Agent call. */
export const session: TranscriptMessage[] = [
  reminder('startup', 'cwd: /repo'),
  user('u1', 'What does a.ts export?'),
  toolCalls('c1', [{ id: 'call-1', tool: 'read_file', input: { path: 'a.ts' } }]),
  toolResults('r1', [{ id: 'call-1', tool: 'read_file', output: 'export const a = 1;' }]),
  assistant('a1', 'a.ts exports a.'),
  reminder('rem', 'todo list changed'),
  user('u2', 'Now check b.ts.'),
  assistant('a2', 'b.ts looks fine.'),
  user('u3', 'Fork a worker to write tests.'),
  agentCall('fork-call', 'agent-1', { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE }),
];
