import { describe, expect, it } from 'vitest';
import { assistant, parentOf, reminder, reminderText, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { ChildMessage } from '../fork-plan';
import { planFork } from '../plan-fork';
import type { TranscriptMessage } from '../transcript/transcript';
import { buildChildMessage } from './child-message';

const DIRECTIVE = 'Check the parser.';
const CHILD_MESSAGE = buildChildMessage(DIRECTIVE, '0.24');
const PLACEHOLDER = 'Fork started — processing in background';
const NOTIFICATION = '<task-notification>\n<task-id>child-1</task-id>\n<status>completed</status>\n</task-notification>';

const agentCall = (id: string, callId: string) =>
  toolCalls(id, [{ id: callId, tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', prompt: DIRECTIVE } }]);

function fork(messages: TranscriptMessage[], forkTurns: string) {
  return planFork(parentOf(messages), {
    policy: 'qwen-fork-turns',
    directive: DIRECTIVE,
    params: { description: 'Fork', subagent_type: 'fork', fork_turns: forkTurns },
  });
}

const copy = (messages: TranscriptMessage[], index: number): ChildMessage => ({
  message: messages[index]!.message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id] },
});

function inFlightTail(messages: TranscriptMessage[], index: number, callId: string): ChildMessage[] {
  return [
    {
      message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: callId, toolName: 'agent', input: {} }] },
      source: { kind: 'copy', parentIndexes: [index], parentIds: [messages[index]!.id], change: 'tool-inputs-redacted' },
    },
    {
      message: { role: 'tool', content: [{ type: 'tool-result', toolCallId: callId, toolName: 'agent', output: { type: 'text', value: PLACEHOLDER } }] },
      source: { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: [callId] },
    },
    { message: { role: 'user', content: [{ type: 'text', text: CHILD_MESSAGE }] }, source: { kind: 'synthetic', rule: 'fork-directive-message' } },
    {
      message: { role: 'assistant', content: [{ type: 'text', text: 'Understood. Executing directive now.' }] },
      source: { kind: 'synthetic', rule: 'fork-directive-acknowledgement' },
    },
  ];
}

const ranges = (plan: ReturnType<typeof fork>) => plan.parent.map((range) => [range.start, range.end, range.status, range.reason]);

/**
 * Upstream counts turns on the curated window source (`selectForkHistory` over
 * `getHistoryForForkWindow`, which is `extractCuratedHistory` of the history after the startup
 * context), where a prompt and the function responses right before it are one `Content`
 * (`appendCuratedContent`). `realUserTurnIndexes` holds that `Content`'s index, so the window
 * opens with the function responses, whose calls stay outside it. Fork Lab opens it there too.
 */
describe('a numeric window opens at the curated entry of its first prompt, function responses and all', () => {
  it('after a compaction prefix that ends in the replayed model call: its result opens the window, the startup stays its own message', () => {
    const messages = [
      reminder('startup', 'env'),
      user('sum', '<summary>Earlier: set up the repo.</summary>\nResume the prior task.'),
      assistant('ack', 'Got it. Thanks for the additional context!'),
      user('att', 'Recently accessed file (full current content embedded): a.ts'),
      toolCalls('replay', [{ id: 'replay-1', tool: 'read_file', input: { path: 'a.ts' } }]),
      toolResults('replayed', [{ id: 'replay-1', tool: 'read_file', output: 'export const a = 1;' }]),
      user('u1', 'Now fork a worker.'),
      agentCall('fork', 'agent-1'),
    ];
    const plan = fork(messages, '1');
    expect(plan.window).toEqual({ start: 5, end: 8, description: 'fork_turns "1": the last 1 real user turn', realTurns: 1 });
    expect(plan.child!.initialMessages).toEqual([
      {
        message: { role: 'user', content: [{ type: 'text', text: reminderText('env') }] },
        source: { kind: 'copy', parentIndexes: [0], parentIds: ['startup'] },
      },
      {
        message: {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'replay-1', toolName: 'read_file', output: { type: 'text', value: 'export const a = 1;' } }],
        },
        source: { kind: 'copy', parentIndexes: [5], parentIds: ['replayed'] },
      },
      { message: { role: 'user', content: [{ type: 'text', text: 'Now fork a worker.' }] }, source: { kind: 'copy', parentIndexes: [6], parentIds: ['u1'] } },
      ...inFlightTail(messages, 7, 'agent-1'),
    ]);
    expect(ranges(plan)).toEqual([
      [0, 1, 'inherited', 'startup-prefix-kept'],
      [1, 5, 'excluded', 'compaction-summary-outside-window'],
      [5, 7, 'inherited', 'merged-by-curation'],
      [7, 8, 'inherited', 'tool-call-input-redacted'],
    ]);
  });

  it('on a live parent after an earlier fork: the launch placeholder and the notification after it are one entry, and the window opens with the placeholder', () => {
    const messages = [
      reminder('startup', 'env'),
      user('u1', 'Fork a worker.'),
      agentCall('call-1', 'agent-1'),
      toolResults('r1', [{ id: 'agent-1', tool: 'agent', output: PLACEHOLDER }]),
      user('n1', NOTIFICATION),
      agentCall('call-2', 'agent-2'),
    ];
    const plan = fork(messages, '1');
    expect(plan.window).toEqual({ start: 3, end: 6, description: 'fork_turns "1": the last 1 real user turn', realTurns: 1 });
    expect(plan.child!.initialMessages).toEqual([
      copy(messages, 0),
      copy(messages, 3),
      { message: { role: 'user', content: [{ type: 'text', text: NOTIFICATION }] }, source: { kind: 'copy', parentIndexes: [4], parentIds: ['n1'] } },
      ...inFlightTail(messages, 5, 'agent-2'),
    ]);
    expect(ranges(plan)).toEqual([
      [0, 1, 'inherited', 'startup-prefix-kept'],
      [1, 3, 'excluded', 'before-window'],
      [3, 5, 'inherited', 'merged-by-curation'],
      [5, 6, 'inherited', 'tool-call-input-redacted'],
    ]);
  });
});

describe('"all" drops a trailing user-role entry, tool results included', () => {
  it('a live parent whose Agent call was answered: the result is dropped and the call, left open, gets the chat’s error on the first send', () => {
    const messages = [user('u1', 'Fork a worker.'), agentCall('call-1', 'agent-1'), toolResults('r1', [{ id: 'agent-1', tool: 'agent', output: PLACEHOLDER }])];
    const plan = fork(messages, 'all');
    expect(plan.child!.initialMessages).toEqual([
      copy(messages, 0),
      copy(messages, 1),
      {
        message: {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'agent-1',
              toolName: 'agent',
              output: {
                type: 'error-text',
                value:
                  'Tool execution result was not recorded — likely interrupted by network failure, abort, or process exit. Treat as failure and retry if needed.',
              },
            },
          ],
        },
        source: { kind: 'synthetic', rule: 'orphaned-call-closed', toolCallIds: ['agent-1'] },
      },
    ]);
    expect(plan.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: CHILD_MESSAGE }] },
      source: { kind: 'synthetic', rule: 'fork-directive-prompt' },
    });
    expect(ranges(plan)).toEqual([
      [0, 1, 'inherited', 'in-window'],
      [1, 2, 'inherited', 'open-tool-call-closed'],
      [2, 3, 'excluded', 'trailing-user-message-dropped'],
    ]);
  });
});
