import { describe, expect, it } from 'vitest';
import { forkRequestFromCall } from './agent-tool';

describe('forkRequestFromCall', () => {
  it('passes each runtime’s parameters through unchanged, the prompt as the directive', () => {
    expect(forkRequestFromCall('qwen-fork-turns', { prompt: 'go', subagent_type: 'fork', fork_turns: ' 3 ', description: 'd' })).toEqual({
      policy: 'qwen-fork-turns',
      directive: 'go',
      params: { description: 'd', subagent_type: 'fork', fork_turns: ' 3 ' },
    });
    expect(forkRequestFromCall('kimi-fork', { prompt: 'go', fork: true, resume: 'a-1' }, { notice: 'system-reminder' })).toEqual({
      policy: 'kimi-fork',
      directive: 'go',
      params: { fork: true, resume: 'a-1' },
      notice: 'system-reminder',
    });
    expect(forkRequestFromCall('deepseek-completed-turns', { prompt: 'go', tools: ['read_file'], max_depth: 1 })).toEqual({
      policy: 'deepseek-completed-turns',
      directive: 'go',
      params: { toolFilter: ['read_file'], maxDepth: 1 },
    });
  });

  it('treats a missing or non-object input as an empty call', () => {
    expect(forkRequestFromCall('qwen-fork-turns', null)).toEqual({ policy: 'qwen-fork-turns', directive: '', params: {} });
  });

  it('plans by the release the run’s settings name, for every runtime alike', () => {
    expect(forkRequestFromCall('codex-spawn-agent', { task_name: 'w', message: 'go' }, { runtime_version: 'codex-rs', lock: 'agent-type-only' })).toEqual({
      policy: 'codex-spawn-agent',
      directive: 'go',
      params: { task_name: 'w' },
      lock: 'agent-type-only',
      runtimeVersion: 'codex-rs',
    });
    expect(forkRequestFromCall('qwen-fork-turns', { prompt: 'go' }, { runtime_version: '' })).toEqual({
      policy: 'qwen-fork-turns',
      directive: 'go',
      params: {},
    });
  });
});
