import { describe, expect, it } from 'vitest';
import { argumentsOf, parametersOf, promptOf } from './call-arguments';

describe('call arguments', () => {
  it('reads the prompt and only the named parameters the call sent, values untouched', () => {
    const input = { prompt: 'go', fork_turns: ' 3 ', name: null, description: 'd' };
    expect(promptOf(input)).toBe('go');
    expect(promptOf({ prompt: 7 })).toBe('');
    expect(parametersOf(input, ['subagent_type', 'fork_turns', 'name'])).toEqual({ fork_turns: ' 3 ', name: null });
  });

  it('writes a request back as the call, leaving out what the request leaves out', () => {
    expect(argumentsOf({ fork: true, resume: undefined }, 'go')).toEqual({ fork: true, prompt: 'go' });
  });
});
