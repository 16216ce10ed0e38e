import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-usage-error';
import { forkLabInProcess } from './testing/run-fork-lab';
import { installFailure, parseRuntimeChoice } from './verify-command';

describe('fork-lab verify --runtime', () => {
  it('takes a runtime, at a release or as a path to one the user has', () => {
    expect(parseRuntimeChoice('qwen-code')).toEqual({ name: 'qwen-code' });
    expect(parseRuntimeChoice('claude-code@2.1.300')).toEqual({ name: 'claude-code', version: '2.1.300' });
    expect(parseRuntimeChoice('codex=/usr/local/bin/codex')).toEqual({ name: 'codex', executable: '/usr/local/bin/codex' });
  });

  it('takes a fork runtime’s id or alias for the shipped runtime it is part of', () => {
    expect(parseRuntimeChoice('qwen-fork-turns@0.24.4')).toEqual({ name: 'qwen-code', version: '0.24.4' });
    expect(parseRuntimeChoice('kimi')).toEqual({ name: 'kimi-code' });
    expect(parseRuntimeChoice('kimi-agent-swarm')).toEqual({ name: 'kimi-code' });
    expect(parseRuntimeChoice('claude')).toEqual({ name: 'claude-code' });
  });

  it('names what is allowed when it is none of those', () => {
    for (const bad of ['kimmi', 'qwen-code@latest', 'claude-code@', '']) {
      expect(() => parseRuntimeChoice(bad)).toThrow(CliUsageError);
    }
    expect(() => parseRuntimeChoice('gemini')).toThrow('one of qwen-code, codex, claude-code, kimi-code, deepseek-harness, deep-agents');
    // Every runtime that ships, a prerelease pin included.
    expect(parseRuntimeChoice('deepseek-harness@0.1.0-rc.8')).toEqual({ name: 'deepseek-harness', version: '0.1.0-rc.8' });
  });
});

describe('a release npm cannot install', () => {
  it('is said in npm’s own words, without the log’s path', () => {
    const error = Object.assign(new Error('Command failed: npm install …'), {
      stderr:
        "npm error code ETARGET\nnpm error notarget No matching version found for @deepseek-ai/dsh-acp-app@^0.1.5-rc.2.\nnpm error notarget In most cases you or one of your dependencies are requesting a package version that doesn't exist.\nnpm error A complete log of this run can be found in: /root/.npm/_logs/x.log\n",
    });
    expect(installFailure(error)).toBe(
      "notarget No matching version found for @deepseek-ai/dsh-acp-app@^0.1.5-rc.2. notarget In most cases you or one of your dependencies are requesting a package version that doesn't exist",
    );
    expect(installFailure(new Error('kimi --version printed nothing\nat line 2'))).toBe('kimi --version printed nothing');
  });
});

describe('fork-lab verify --newer', () => {
  it('goes with --latest, and says so when it is alone', async () => {
    const { code, stderr } = await forkLabInProcess('verify', '--newer');
    expect(code).toBe(2);
    expect(stderr).toContain('--newer');
    expect(stderr).toContain('goes with --latest: it leaves out the runtimes whose newest release is their pin');
  });
});
