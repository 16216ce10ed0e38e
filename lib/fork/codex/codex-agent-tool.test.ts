import { describe, expect, it } from 'vitest';
import { parentOf, user } from '@/lib/scenarios/transcript-builders';
import { planFork } from '../plan-fork';
import { codexAgentTool } from './codex-agent-tool';

const refusalOf = (input: Record<string, unknown>) =>
  planFork(parentOf([user('u1', 'Go.')]), codexAgentTool.requestFromCall(input, {})).errors.map((error) => [error.parameter, error.message]);

describe('a model’s spawn_agent call reaches Codex’s decoder as written', () => {
  it('refuses a message that is not text, or none, in serde’s words rather than as a blank task', () => {
    expect(refusalOf({ message: 3, task_name: 'x' })).toEqual([
      ['directive', 'failed to parse function arguments: invalid type: integer `3`, expected a string at line 1 column 12'],
    ]);
    expect(refusalOf({ task_name: 'x' })).toEqual([['directive', 'failed to parse function arguments: missing field `message` at line 1 column 17']]);
    expect(refusalOf({ message: '  ', task_name: 'x' })).toEqual([['directive', "Empty message can't be sent to an agent"]]);
  });

  it('refuses an argument spawn_agent does not have', () => {
    expect(refusalOf({ message: 'Go.', task_name: 'x', items: [] })).toEqual([
      [
        'items',
        'failed to parse function arguments: unknown field `items`, expected one of `message`, `task_name`, `agent_type`, `model`, `reasoning_effort`, `fork_turns`, `fork_context` at line 1 column 40',
      ],
    ]);
  });

  it('keeps an ordinary call as fields alone, and writes it back the same', () => {
    const request = codexAgentTool.requestFromCall({ task_name: 'x', message: 'Go.', fork_turns: '2' }, {});
    expect(request).toEqual({ policy: 'codex-spawn-agent', directive: 'Go.', params: { task_name: 'x', fork_turns: '2' } });
    const unusual = codexAgentTool.requestFromCall({ message: null, task_name: 'x' }, {});
    expect(codexAgentTool.callInput(unusual)).toEqual({ message: null, task_name: 'x' });
  });
});
