import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-usage-error';
import { forkLabInProcess, REPO_ROOT } from './testing/run-fork-lab';
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

/** The example project's driver: a scripted runtime that claims Claude Code's fork rules. */
const EXAMPLE_DRIVER = path.join(REPO_ROOT, 'examples/ci-kit/driver.mjs');

describe('fork-lab verify --driver', () => {
  // Each turn of each cell starts the scripted runtime as a process of its own: seconds on a loaded machine.
  it('drives a runtime Fork Lab does not know by the rules it claims: green as they plan, red when its fork loses a tool', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'fork-lab-driver-'));
    try {
      const scenarios = ['--scenario', 'fork-all', '--scenario', 'result-delivered', '--scenario', 'not-a-fork'];
      const green = await forkLabInProcess('verify', '--driver', EXAMPLE_DRIVER, ...scenarios, '--json', '--out', path.join(out, 'green'));
      expect(green.code).toBe(0);
      const matrix = JSON.parse(green.stdout);
      // Rules named without a line are read by the newest, for every cell alike.
      expect(matrix.runtimes).toEqual([{ name: 'scripted-runtime', version: '1.0.0', origin: 'driver', rules: 'claude-code-fork@2.1.328' }]);
      expect(matrix.cells.map((cell: { scenario: string; outcome: string; green: boolean }) => [cell.scenario, cell.outcome, cell.green])).toEqual([
        ['fork-all', 'matches', true],
        ['result-delivered', 'matches', true],
        ['not-a-fork', 'not-a-fork', true],
      ]);
      expect(matrix.cells[0].check).toEqual({ runtime: 'claude-code-fork', version: '2.1.328', started: [] });
      process.env.SCRIPTED_RUNTIME_MISTAKE = 'lost-tools';
      const red = await forkLabInProcess('verify', '--driver', EXAMPLE_DRIVER, '--scenario', 'fork-all', '--out', path.join(out, 'red'));
      expect(red.code).toBe(1);
      expect(red.stdout).toMatch(/- scripted-runtime@1\.0\.0 fork-all: request \d+ differs at tools: expected Agent, Read — sent Agent/);
    } finally {
      delete process.env.SCRIPTED_RUNTIME_MISTAKE;
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('says what a driver file lacks, which rules there are, and which flags it takes', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'fork-lab-driver-'));
    try {
      const bad = path.join(folder, 'driver.mjs');
      writeFileSync(bad, "export default { name: 'mine', version: '1.0.0', command: [], env: () => ({}), resultArrives: 'later' };\n");
      const lacking = await forkLabInProcess('verify', '--driver', bad, '--rules', 'claude-code');
      expect(lacking.code).toBe(2);
      expect(lacking.stderr.split('\n')[0]).toBe(
        `fork-lab verify: --driver: ${bad} must export (default, or as \`driver\`) { name, version, command, env(origin, home), args(prompt, continued), resultArrives, … }: command: the executable, at least; args: a function; resultArrives: Invalid option: expected one of "as-call-result"|"as-message"`,
      );
      // A driver whose function gives what a turn cannot use is a red cell that says so, not a crash.
      const stringArgs = path.join(folder, 'string-args.mjs');
      writeFileSync(
        stringArgs,
        "export default { name: 'mine', version: '1.0.0', command: ['node'], env: () => ({}), args: () => '-p x', resultArrives: 'as-message', rules: 'claude-code' };\n",
      );
      const red = await forkLabInProcess('verify', '--driver', stringArgs, '--scenario', 'fork-all', '--out', path.join(folder, 'out'));
      expect(red.code).toBe(1);
      expect(red.stdout).toContain('- mine@1.0.0 fork-all: the driver\'s args must return a list of strings, not "-p x"');
      const release = await forkLabInProcess('verify', '--driver', EXAMPLE_DRIVER, '--rules', 'qwen-code@0.9');
      expect(release.stderr.split('\n')[0]).toBe('fork-lab verify: --rules: qwen-fork-turns has no release line "0.9"; its lines: 0.24, 0.23');
      expect((await forkLabInProcess('verify', '--rules', 'claude-code')).stderr.split('\n')[0]).toBe(
        'fork-lab verify: --rules: goes with --driver: a shipped runtime is read by the rules its traffic announces',
      );
      expect((await forkLabInProcess('verify', '--driver', EXAMPLE_DRIVER, '--runtime', 'codex')).stderr.split('\n')[0]).toBe(
        'fork-lab verify: --runtime: not with --driver: the driver file says what to run',
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
