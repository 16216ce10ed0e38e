import { describe, expect, it } from 'vitest';
import { qwenTaskNotification } from './task-notification';

describe('qwenTaskNotification', () => {
  it('tells the parent a fork failed, with the error, as Qwen Code’s emitNotification writes it', () => {
    expect(qwenTaskNotification({ taskId: 'child-7', toolUseId: 'call-1', description: 'child 1', status: 'failed', error: 'The model refused: 429' })).toBe(
      [
        '<task-notification>',
        '<task-id>child-7</task-id>',
        '<tool-use-id>call-1</tool-use-id>',
        '<status>failed</status>',
        '<summary>Agent "child 1" failed.</summary>',
        '<result>Error: The model refused: 429</result>',
        '</task-notification>',
      ].join('\n'),
    );
  });

  it('carries a completed fork’s result, escaped, and says a cancelled one "was cancelled"', () => {
    expect(qwenTaskNotification({ taskId: 'c', description: 'a <b> & "c"', status: 'completed', result: 'x < y' })).toBe(
      '<task-notification>\n<task-id>c</task-id>\n<status>completed</status>\n<summary>Agent "a &lt;b&gt; &amp; &quot;c&quot;" completed.</summary>\n<result>x &lt; y</result>\n</task-notification>',
    );
    expect(qwenTaskNotification({ taskId: 'c', description: 'd', status: 'cancelled' })).toContain('<summary>Agent "d" was cancelled.</summary>');
  });

  it('names the agent by the call’s own description argument when the call has one, as upstream’s registry entry does', () => {
    expect(
      qwenTaskNotification({
        taskId: 'c',
        description: 'agent fork ab12',
        callInput: { description: 'Audit the router', subagent_type: 'fork' },
        status: 'failed',
        error: 'boom',
      }),
    ).toContain('<summary>Agent "Audit the router" failed.</summary>');
  });
});
