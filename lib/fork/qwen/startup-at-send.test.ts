import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminderText, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { planFork } from '../plan-fork';
import type { MessageMeta, TranscriptMessage } from '../transcript/transcript';
import { buildChildMessage } from './child-message';

const DIRECTIVE = 'What is the deploy password?';
const SKILLS = reminderText('The following skills are available for use with the Skill tool.');
const ENVIRONMENT = reminderText('This is the Qwen Code. We are setting up the context for our chat.');
const DEFERRED = reminderText('The following tools are reachable through `tool_search` and `tool_call`.');
const DATE = reminderText('The current date is: Tuesday, December 1, 2026.');
const CALL_TEXT = 'Call agent with description=Recall subagent_type=fork fork_turns=1 prompt="What is the deploy password?"';
const FROM_REQUEST: MessageMeta = { origin: { format: 'openai-chat' } };
const text = (value: string) => ({ type: 'text' as const, text: value });

/**
 * The parent of verify's fork-last-turn as Qwen Code 0.24.4 sent it (texts shortened): its startup
 * reminders and first prompt one user message, the way a Chat Completions request carries them.
 */
function fromRequest(meta: MessageMeta | undefined): TranscriptMessage[] {
  return [
    user('openai-chat-1', [text(SKILLS), text(ENVIRONMENT), text(DEFERRED), text('The deploy password is heron-7731.')], meta),
    assistant('openai-chat-2', 'Noted.', meta),
    user('openai-chat-3', 'The staging host is sparrow-2.', meta),
    assistant('openai-chat-4', 'Noted.', meta),
    user('openai-chat-5', [text(DATE), text(CALL_TEXT)], meta),
    toolCalls('openai-chat-6', [
      { id: 'call-104-6', tool: 'agent', input: { description: 'Recall', subagent_type: 'fork', fork_turns: '1', prompt: DIRECTIVE } },
    ]),
  ];
}

function fork(messages: TranscriptMessage[], forkTurns: string) {
  return planFork(parentOf(messages), {
    policy: 'qwen-fork-turns',
    directive: DIRECTIVE,
    params: { description: 'Recall', subagent_type: 'fork', fork_turns: forkTurns },
  });
}

/** What follows the window when the parent's own Agent call is in flight (Q17). */
const IN_FLIGHT_TAIL = [
  {
    message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call-104-6', toolName: 'agent', input: {} }] },
    source: { kind: 'copy', parentIndexes: [5], parentIds: ['openai-chat-6'], change: 'tool-inputs-redacted' },
  },
  {
    message: {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'call-104-6', toolName: 'agent', output: { type: 'text', value: 'Fork started — processing in background' } },
      ],
    },
    source: { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: ['call-104-6'] },
  },
  { message: { role: 'user', content: [text(buildChildMessage(DIRECTIVE, '0.24'))] }, source: { kind: 'synthetic', rule: 'fork-directive-message' } },
  {
    message: { role: 'assistant', content: [text('Understood. Executing directive now.')] },
    source: { kind: 'synthetic', rule: 'fork-directive-acknowledgement' },
  },
];

describe('Qwen sends the startup context and the window’s first prompt as one user message', () => {
  it('reads the startup out of a request’s first message and sends it with the last turn, parts side by side, as 0.24.4 did', () => {
    const plan = fork(fromRequest(FROM_REQUEST), '1');
    expect(plan.child!.initialMessages).toEqual([
      {
        // Five content parts and no separator: the startup's three reminders, then the window's first
        // prompt with the date reminder Qwen put in front of it (request 9 of verify fork-last-turn).
        message: { role: 'user', content: [text(SKILLS), text(ENVIRONMENT), text(DEFERRED), text(DATE), text(CALL_TEXT)] },
        meta: FROM_REQUEST,
        source: { kind: 'copy', parentIndexes: [0, 4], parentIds: ['openai-chat-1', 'openai-chat-5'], change: 'merged' },
      },
      ...IN_FLIGHT_TAIL,
    ]);
    expect(plan.child!.firstPrompt).toEqual({ message: { role: 'user', content: [text('Begin.')] }, source: { kind: 'synthetic', rule: 'fork-begin-prompt' } });
    expect(plan.parent.map((range) => [range.start, range.end, range.status, range.reason, range.detail])).toEqual([
      [
        0,
        1,
        'inherited',
        'startup-prefix-kept',
        'startup context, read out of this message: the request carried Qwen’s startup reminders and the first prompt as one message; the leading reminders are kept in front of the window, the prompt after them is not',
      ],
      [1, 4, 'excluded', 'before-window', 'before the fork window: not inherited'],
      [4, 5, 'inherited', 'in-window', 'inside the fork window: copied to the child'],
      [
        5,
        6,
        'inherited',
        'tool-call-input-redacted',
        'the in-flight call: copied with every tool call input replaced by {} so sibling forks never see each other’s directives',
      ],
    ]);
    expect(plan.window).toEqual({ start: 4, end: 6, description: 'fork_turns "1": the last 1 real user turn', realTurns: 1 });
  });

  it('a window that takes the first prompt sends the request’s first message as it was', () => {
    const messages = fromRequest(FROM_REQUEST);
    const plan = fork(messages, '3');
    expect(plan.child!.initialMessages.slice(0, 5)).toEqual(
      [0, 1, 2, 3, 4].map((index) => ({
        message: messages[index]!.message,
        meta: FROM_REQUEST,
        source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
      })),
    );
    expect(plan.parent.map((range) => [range.start, range.end, range.reason])).toEqual([
      [0, 5, 'in-window'],
      [5, 6, 'tool-call-input-redacted'],
    ]);
  });

  it('in a transcript that is no request, reminders and a prompt in one message were one in the history too: that is the first prompt', () => {
    const messages = fromRequest(undefined);
    const plan = fork(messages, '1');
    expect(plan.child!.initialMessages[0]).toEqual({
      message: { role: 'user', content: [text(DATE), text(CALL_TEXT)] },
      source: { kind: 'copy', parentIndexes: [4], parentIds: ['openai-chat-5'] },
    });
    expect(plan.parent.map((range) => [range.start, range.end, range.reason])).toEqual([
      [0, 4, 'before-window'],
      [4, 5, 'in-window'],
      [5, 6, 'tool-call-input-redacted'],
    ]);
  });

  it('before 0.24 the child’s send curated its history too, so the 0.23 plan sends them as one as well', () => {
    const messages = fromRequest(FROM_REQUEST);
    const before = planFork(parentOf(messages), {
      policy: 'qwen-fork-turns',
      directive: DIRECTIVE,
      params: { subagent_type: 'fork', fork_turns: '1' },
      runtimeVersion: '0.23',
    });
    expect(before.child!.initialMessages[0]!.message).toEqual({
      role: 'user',
      content: [text(SKILLS), text(ENVIRONMENT), text(DEFERRED), text(DATE), text(CALL_TEXT)],
    });
  });
});
