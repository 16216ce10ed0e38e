import { describe, expect, it } from 'vitest';
import { PROGRAM_DEFAULTS, programFromSettings, settingsFromProgram } from './program-settings';

describe('the program’s subagents as settings', () => {
  it('are the default program, left out of the request, when left as they are', () => {
    expect(programFromSettings(PROGRAM_DEFAULTS)).toBeUndefined();
    expect(programFromSettings({})).toBeUndefined();
    expect(settingsFromProgram()).toEqual(PROGRAM_DEFAULTS);
  });

  it('spell a program and read it back', () => {
    const settings = {
      fork_name: 'compiled',
      fork_kind: 'compiled',
      fork_system_prompt: 'You are the compiled fork.',
      fork_tools: ' search , fetch,',
      fork_model: 'gpt-4o-mini',
      other_subagents: 'helper, critic',
    };
    const program = programFromSettings(settings);
    expect(program).toEqual({
      fork: { name: 'compiled', kind: 'compiled', systemPrompt: 'You are the compiled fork.', tools: ['search', 'fetch'], model: 'gpt-4o-mini' },
      isolated: ['helper', 'critic'],
    });
    expect(settingsFromProgram(program)).toEqual({ ...settings, fork_tools: 'search, fetch' });
  });

  it('take [] for a fork with no tools of its own, and an unknown kind as declarative', () => {
    const program = programFromSettings({ ...PROGRAM_DEFAULTS, fork_tools: '[]', fork_kind: 'sideways' });
    expect(program).toEqual({ fork: { name: 'forker', kind: 'declarative', tools: [] } });
    expect(settingsFromProgram(program).fork_tools).toBe('[]');
  });
});
