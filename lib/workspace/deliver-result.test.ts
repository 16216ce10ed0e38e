import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { FORK_PLACEHOLDER_RESULT } from '@/lib/fork/qwen/child-message';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { acknowledgeLaunch, type ChildOutcome, deliverChildOutcome } from './deliver-result';

const parent = parentOf([user('u1', 'Fork a worker.'), toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { prompt: 'x' } }])]);

describe('acknowledgeLaunch', () => {
  it('answers a Qwen fork’s open Agent call with the placeholder at once', () => {
    const next = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    expect(next.messages.at(-1)).toEqual({
      id: 'r3',
      message: {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'agent', output: { type: 'text', value: FORK_PLACEHOLDER_RESULT } }],
      },
    });
    expect(parent.messages).toHaveLength(2);
  });

  it('leaves the call open for the other runtimes, and leaves an answered call alone', () => {
    expect(acknowledgeLaunch(parent, 'kimi-fork', 'call-1')).toBe(parent);
    const answered = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    expect(acknowledgeLaunch(answered, 'qwen-fork-turns', 'call-1')).toBe(answered);
  });
});

const outcome = (policy: ChildOutcome['policy'], rest: Partial<ChildOutcome> = {}): ChildOutcome => ({
  policy,
  childId: 'child-7',
  name: 'child 1',
  agentCallId: 'call-1',
  status: 'finished',
  output: 'Found it.',
  error: null,
  ...rest,
});

describe('deliverChildOutcome', () => {
  it('answers the open Agent call with the child’s final output when the parent waits for it, as the runtime frames it', () => {
    const next = deliverChildOutcome(parent, outcome('kimi-fork', { runtimeVersion: 'code-read' }))!;
    expect(next.messages.at(-1)!.message).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'agent', output: { type: 'text', value: 'Found it.' } }],
    });
    // Kimi 2.1 names the agent, says how it stopped and how to resume it.
    const framed = deliverChildOutcome(parent, outcome('kimi-fork', { runtimeVersion: '2.1', seconds: 2.5 }))!;
    const value = (framed.messages.at(-1)!.message.content as unknown as [{ output: { value: string } }])[0].output.value;
    expect(value.split('\n').slice(0, 8)).toEqual([
      'Wall time: 2.500 seconds',
      'agent_id: child-7',
      `actual_subagent_type: ${parent.profile.name}`,
      'status: completed',
      'stop_reason: completed',
      '',
      '[summary]',
      'Found it.',
    ]);
  });

  it('sends a notification reminder when a waiting parent’s call was edited away, which is not a real turn', () => {
    const edited = parentOf([user('u1', 'Fork a worker.')]);
    const next = deliverChildOutcome(edited, outcome('deepseek-completed-turns'))!;
    expect(next.messages.at(-1)!.message).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '<system-reminder>\nThe forked agent "child 1" finished. Its result:\nFound it.\n</system-reminder>' }],
    });
    expect(classifyMessages(next.messages).at(-1)!.kind).toBe('pure-reminder');
  });

  it('tells a Qwen parent its background fork completed in Qwen’s task notification, a turn of its own', () => {
    const answered = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    const next = deliverChildOutcome(answered, outcome('qwen-fork-turns'))!;
    expect(next.messages.at(-1)!.message).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: '<task-notification>\n<task-id>child-7</task-id>\n<tool-use-id>call-1</tool-use-id>\n<status>completed</status>\n<summary>Agent "child 1" completed.</summary>\n<result>Found it.</result>\n</task-notification>',
        },
      ],
    });
    // Qwen's own isRealUserTurn (fork-subagent.ts) counts any non-reminder user text, the notification too.
    expect(classifyMessages(next.messages).at(-1)!.kind).toBe('real-user-turn');
  });

  it('tells a Qwen parent its background fork failed, with the error, and a stopped one was cancelled', () => {
    const answered = acknowledgeLaunch(parent, 'qwen-fork-turns', 'call-1');
    const failed = deliverChildOutcome(answered, outcome('qwen-fork-turns', { status: 'failed', output: null, error: 'provider error: 429' }))!;
    expect(failed.messages.at(-1)!.message.content).toEqual([
      {
        type: 'text',
        text: '<task-notification>\n<task-id>child-7</task-id>\n<tool-use-id>call-1</tool-use-id>\n<status>failed</status>\n<summary>Agent "child 1" failed.</summary>\n<result>Error: provider error: 429</result>\n</task-notification>',
      },
    ]);
    const stopped = deliverChildOutcome(answered, outcome('qwen-fork-turns', { status: 'stopped', output: 'Half done.' }))!;
    expect(JSON.stringify(stopped.messages.at(-1)!.message.content)).toContain(
      '<summary>Agent \\"child 1\\" was cancelled.</summary>\\n<result>Half done.</result>',
    );
  });

  it('names the fork in the notification by its Agent call’s description argument, when the parent gave one', () => {
    const described = parentOf([
      user('u1', 'Fork a worker.'),
      toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { prompt: 'x', description: 'Audit the router' } }]),
    ]);
    const failed = deliverChildOutcome(
      acknowledgeLaunch(described, 'qwen-fork-turns', 'call-1'),
      outcome('qwen-fork-turns', { status: 'failed', output: null, error: 'boom' }),
    )!;
    expect(JSON.stringify(failed.messages.at(-1)!.message.content)).toContain('<summary>Agent \\"Audit the router\\" failed.</summary>');
  });

  it('tells a waiting parent nothing when its child fails: the call stays open, as the runtime leaves it until the child returns', () => {
    expect(deliverChildOutcome(parent, outcome('kimi-fork', { status: 'failed', output: null, error: 'boom' }))).toBeNull();
  });

  it('puts a result right after its call, before a user message that arrived meanwhile', () => {
    const queued = parentOf([...parent.messages, user('u2', 'And leap years?')]);
    const next = acknowledgeLaunch(queued, 'qwen-fork-turns', 'call-1');
    expect(next.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(next.messages[3]!.id).toBe('u2');
  });
});
