import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-usage-error';
import { parseRuntimeChoice } from './verify-command';

describe('fork-lab verify --runtime', () => {
  it('takes a runtime, at a release or as a path to one the user has', () => {
    expect(parseRuntimeChoice('qwen-code')).toEqual({ name: 'qwen-code' });
    expect(parseRuntimeChoice('claude-code@2.1.300')).toEqual({ name: 'claude-code', version: '2.1.300' });
    expect(parseRuntimeChoice('codex=/usr/local/bin/codex')).toEqual({ name: 'codex', executable: '/usr/local/bin/codex' });
  });

  it('names what is allowed when it is none of those', () => {
    for (const bad of ['kimi', 'qwen-code@latest', 'claude-code@', '']) {
      expect(() => parseRuntimeChoice(bad)).toThrow(CliUsageError);
    }
    expect(() => parseRuntimeChoice('gemini')).toThrow('one of qwen-code, codex, claude-code, kimi-code, deepseek-harness, deep-agents');
    // Every runtime that ships, a prerelease pin included.
    expect(parseRuntimeChoice('deepseek-harness@0.1.0-rc.8')).toEqual({ name: 'deepseek-harness', version: '0.1.0-rc.8' });
  });
});
