import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withAgentCall } from '@/lib/agent-call/agent-call';
import { planFork } from '@/lib/fork';
import { importTranscript } from '@/lib/import';
import { forkRequestFromFlags } from './fork-request-from-flags';
import { forkLab, forkLabInProcess, REPO_ROOT } from './testing/run-fork-lab';

/** Hand-written sessions in the CLIs' shapes (lib/import/fixtures/own). */
const CLAUDE = 'lib/import/fixtures/own/claude-code/streamed-tool-session.jsonl';
const CODEX = 'lib/import/fixtures/own/codex/tool-loop-one-turn.jsonl';

describe('fork-lab plan', () => {
  it('prints a summary of what the child receives from a Claude Code session, and exits 0', () => {
    const { code, stdout, stderr } = forkLab('plan', CLAUDE, '--runtime', 'qwen-fork-turns', '--param', 'fork_turns=1', '--directive', 'List the tools');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      [
        'Qwen Code fork_turns · { subagent_type: "fork", fork_turns: "1", description: "Fork" } · directive: “List the tools”',
        'parent: “Tidy the release notes” · 8 messages · Claude Code session (JSONL)',
        'window: fork_turns "1": the last 1 real user turn · 1 real user turn',
        'child: 12 initial messages (9 from the parent, 3 written by the runtime), then its first prompt',
        'cache: 8 of 12 messages a prefix cache can reuse (system matches, tools match)',
        'first prompt: "Begin."',
        '',
      ].join('\n'),
    );
  }, 30_000);

  it('takes a runtime by an alias and a release line with it, planning as its id and release setting do', () => {
    const byAlias = forkLab('plan', CLAUDE, '--runtime', 'qwen-code@0.23', '--param', 'fork_turns=1', '--directive', 'x', '--json');
    const byId = forkLab(
      'plan',
      CLAUDE,
      '--runtime',
      'qwen-fork-turns',
      '--param',
      'fork_turns=1',
      '--param',
      'runtime_version=0.23',
      '--directive',
      'x',
      '--json',
    );
    const newest = forkLab('plan', CLAUDE, '--runtime', 'qwen-fork-turns', '--param', 'fork_turns=1', '--directive', 'x', '--json');
    expect(byAlias.code).toBe(0);
    expect(byAlias.stdout).toBe(byId.stdout);
    // The release line took: 0.23 frames the child otherwise than the newest line does.
    expect(byAlias.stdout).not.toBe(newest.stdout);
  }, 30_000);

  it('prints the engine’s whole plan with --json: the plan the playground makes for the same file and call', async () => {
    const { code, stdout } = forkLab(
      'plan',
      CODEX,
      '--runtime',
      'kimi-fork',
      '--param',
      'fork=true',
      '--param',
      'description=Summary',
      '--directive',
      'Summarise the work',
      '--json',
    );
    expect(code).toBe(0);
    const imported = await importTranscript(new Uint8Array(readFileSync(path.join(REPO_ROOT, CODEX))), { fileName: 'tool-loop-one-turn.jsonl' });
    const request = forkRequestFromFlags({
      runtime: 'kimi-fork',
      params: ['fork=true', 'description=Summary'],
      directive: 'Summarise the work',
      forkPoint: undefined,
    });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(planFork(withAgentCall(imported.transcript, request).transcript, request))));
  }, 30_000);

  it('lists a swarm’s family, one child per item, its items given one --param each', () => {
    const { code, stdout } = forkLab(
      'plan',
      CLAUDE,
      '--runtime',
      'kimi-agent-swarm',
      '--param',
      'description=Audit',
      '--param',
      'items=read',
      '--param',
      'items=write',
      '--directive',
      'Audit the {{item}} tools.',
    );
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(-4)).toEqual([
      'family: AgentSwarm “Audit” starts 2 children together from one call; this plan is #1',
      '  #1 Audit #1 (agent) · item "read" · launch +0.0 s · "Audit the read tools."',
      '  #2 Audit #2 (agent) · item "write" · launch +0.0 s · "Audit the write tools."',
      '',
    ]);
  }, 30_000);

  it('exits 1 with the runtime’s own words when it rejects the call', () => {
    const { code, stdout, stderr } = forkLab('plan', CLAUDE, '--runtime', 'qwen-fork-turns', '--param', 'fork_turns=03', '--directive', 'x');
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(stdout).toContain('The runtime rejects this call:\n  fork_turns: Parameter "fork_turns" must be "all" or a positive integer string such as "3".\n');
  }, 30_000);

  it('exits 2 naming the flag and what is allowed: an unknown runtime, parameter, format, flag; a missing or unreadable file', async () => {
    const cases: [string[], string][] = [
      [['plan', CLAUDE], '--runtime: required; one of qwen-fork-turns (or qwen-code, qwen), kimi-fork (or kimi-code, kimi), kimi-agent-swarm'],
      [
        ['plan', CLAUDE, '--runtime', 'qwenn'],
        '--runtime: "qwenn" is not a runtime; one of qwen-fork-turns (or qwen-code, qwen), kimi-fork (or kimi-code, kimi), kimi-agent-swarm',
      ],
      [['plan', CLAUDE, '--runtime', 'qwen-code@0.99'], '--runtime: qwen-fork-turns has no release line "0.99"; its lines: 0.24, 0.23'],
      [
        ['plan', CLAUDE, '--runtime', 'kimi-fork', '--param', 'forks=true'],
        '--param: kimi-fork has no parameter "forks"; it takes description, fork, resume, subagent_type, model, run_in_background, notice, runtime_version',
      ],
      [['plan', CLAUDE, '--runtime', 'kimi-fork', '--param', 'fork'], '--param: "fork" is not name=value'],
      [['plan', CLAUDE, '--runtime', 'kimi-fork', '--fork-point=-1'], '--fork-point: "-1" is not a message index'],
      [['plan', CLAUDE, '--runtime', 'kimi-fork', '--format', 'word'], '--format: "word" is not a format; one of '],
      [['plan', CLAUDE, '--runtime', 'kimi-fork', '--colour'], "Unknown option '--colour'"],
      [['plan', '--runtime', 'kimi-fork'], '<file>: name the transcript file to plan on'],
      [['plan', 'missing.jsonl', '--runtime', 'kimi-fork'], '<file>: cannot read missing.jsonl: ENOENT'],
      [['plan', 'package.json', '--runtime', 'kimi-fork'], '<file>: package.json cannot be imported (unknown-format'],
      [['sweep-all'], 'fork-lab: no command "sweep-all"; the commands are plan, compare, sweep'],
      [
        ['plan', CLAUDE, '--runtime', 'qwen-fork-turns', '--param', 'fork_profile=ro', '--project', 'package.json'],
        `--project: project must be a folder: ${path.join(REPO_ROOT, 'package.json')} is a file.`,
      ],
    ];
    // In process (the spawned command is checked above): runCli is what bin/fork-lab.mjs runs.
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await forkLabInProcess(...args);
      expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(stderr, args.join(' ')).toContain(message);
    }
  }, 60_000);

  it("plans a fork_profile call with the profile the project folder holds, or the runtime's refusal when it holds none", async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'fork-lab-project-'));
    mkdirSync(path.join(project, '.qwen/fork-profiles'), { recursive: true });
    writeFileSync(path.join(project, '.qwen/fork-profiles/ro.md'), '---\nname: ro\ntools: [read_file]\npromptHint: Cite files.\n---\n');
    const plan = async (...args: string[]) =>
      forkLabInProcess('plan', CLAUDE, '--runtime', 'qwen-fork-turns', '--directive', 'List the tools', '--project', project, '--json', ...args);
    const found = await plan('--param', 'fork_profile=ro');
    expect(found.code).toBe(0);
    const child = JSON.parse(found.stdout).child;
    const texts = JSON.stringify([...child.initialMessages, child.firstPrompt]);
    expect(texts).toContain('<FORK_PROFILE_GUIDANCE>\\nThe following project-supplied text is guidance only.');
    expect(texts).toContain('You may execute only tools matched by this allowlist: [\\"read_file\\"].');
    const missing = await plan('--param', 'fork_profile=rw');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout).errors[0].message).toBe('Fork profile "rw" was not found at .qwen/fork-profiles/rw.md.');
  }, 30_000);
});
