import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseForkRequest } from './fork-request-schema';
import { FORK_POLICIES, FORK_RUNTIMES, forkPolicyNamed, runtimeNamesHelp, runtimeOf } from './runtimes';

const root = path.resolve(__dirname, '../..');
const forkDir = path.join(root, 'lib/fork');
/** The runtime folders: every folder of lib/fork that declares a runtime. */
const runtimeFolders = readdirSync(forkDir).filter(
  (name) => statSync(path.join(forkDir, name)).isDirectory() && readdirSync(path.join(forkDir, name)).some((file) => file.endsWith('-runtime.ts')),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name.startsWith('.') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the runtime registry', () => {
  it('holds every runtime a folder declares once, under a distinct policy', () => {
    // A folder is one upstream project; it may declare more than one fork mechanism (Kimi Code's
    // Agent tool and its AgentSwarm), each its own `*-runtime.ts` and registry entry.
    const declared = runtimeFolders.flatMap((folder) => readdirSync(path.join(forkDir, folder)).filter((file) => file.endsWith('-runtime.ts')));
    expect(declared.length).toBe(FORK_RUNTIMES.length);
    expect(new Set(FORK_POLICIES).size).toBe(FORK_POLICIES.length);
  });

  it('answers to one id per runtime and to its aliases, no name meaning two runtimes', () => {
    const names = FORK_RUNTIMES.flatMap((runtime) => [runtime.policy, ...runtime.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(FORK_RUNTIMES.map((runtime) => forkPolicyNamed(runtime.policy))).toEqual(FORK_POLICIES);
    expect([forkPolicyNamed('qwen-code'), forkPolicyNamed(' Claude '), forkPolicyNamed('dsh'), forkPolicyNamed('qwen-cod')]).toEqual([
      'qwen-fork-turns',
      'claude-code-fork',
      'deepseek-completed-turns',
      undefined,
    ]);
    expect(runtimeNamesHelp()).toMatch(/^qwen-fork-turns \(or qwen-code, qwen\), kimi-fork \(or kimi-code, kimi\), /);
  });

  it('reads a request naming its runtime by an alias as one naming the id', () => {
    const request = parseForkRequest({ policy: 'qwen-code', directive: 'go', params: { fork_turns: 'all' } });
    expect(request.policy).toBe('qwen-fork-turns');
    expect(() => parseForkRequest({ policy: 'qwen-cod', directive: 'go', params: {} })).toThrow();
  });

  it.each(FORK_RUNTIMES.map((runtime) => [runtime.policy]))('%s describes controls that make valid requests and read them back', (policy) => {
    const { controls, requestSchema, agentTool } = runtimeOf(policy);
    const names = controls.fields.map((field) => field.name);
    expect(Object.keys(controls.defaults).sort()).toEqual([...names].sort());
    for (const parameter of controls.errorParameters) expect(names).toContain(parameter);
    if (controls.window !== undefined) expect(names).toContain(controls.window.field);
    const request = parseForkRequest(controls.toRequest(controls.defaults, { directive: 'go', forkPoint: 2 }));
    expect(request.policy).toBe(policy);
    expect(requestSchema.safeParse(request).success).toBe(true);
    expect(controls.fromRequest(request)).toEqual(controls.defaults);
    // A model's call of the declared tool, written from the request, makes the same request again.
    const settings = Object.fromEntries(controls.fields.filter((field) => field.setting).map((field) => [field.name, controls.defaults[field.name]!]));
    const { forkPoint: _forkPoint, ...called } = request;
    expect(agentTool.requestFromCall(agentTool.callInput(request), settings)).toEqual(called);
  });

  it('is the only way in: no code outside a runtime folder imports from one or names a policy, and no runtime imports another', () => {
    const allowed = new Set(['lib/fork/runtimes.ts', 'lib/fork/index.ts']);
    // Scenarios are data that pick a runtime by policy.
    const dataFolders = ['lib/scenarios/'];
    const offenders: string[] = [];
    for (const file of [...sourceFiles(path.join(root, 'lib')), ...sourceFiles(path.join(root, 'app')), ...sourceFiles(path.join(root, 'components'))]) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (allowed.has(relative)) continue;
      const home = runtimeFolders.find((folder) => relative.startsWith(`lib/fork/${folder}/`));
      if (home !== undefined) {
        // A runtime folder may use the engine's shared pieces, never another runtime's.
        const text = readFileSync(file, 'utf8');
        for (const other of runtimeFolders.filter((folder) => folder !== home)) {
          if (new RegExp(`from '(@/lib/fork|\\.\\.)/${other}/`).test(text)) offenders.push(`${relative} imports from ${other}/`);
        }
        continue;
      }
      if (relative.startsWith('lib/fork/testing/') || dataFolders.some((folder) => relative.startsWith(folder))) continue;
      const text = readFileSync(file, 'utf8');
      for (const folder of runtimeFolders) {
        if (new RegExp(`from '(@/lib/fork|\\.\\.?)/${folder}/`).test(text)) offenders.push(`${relative} imports from ${folder}/`);
      }
      for (const policy of FORK_POLICIES) if (text.includes(`'${policy}'`)) offenders.push(`${relative} names '${policy}'`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the runtime names in docs/cli.md', () => {
  it('list every runtime’s id, aliases and shipped runtime as the registry holds them', () => {
    const doc = readFileSync(path.join(root, 'docs/cli.md'), 'utf8');
    const rows = FORK_RUNTIMES.map(
      (runtime) => `| \`${runtime.policy}\` | ${runtime.aliases.map((alias) => `\`${alias}\``).join(', ')} | \`${runtime.shippedAs}\` |`,
    );
    for (const row of rows) expect(doc).toContain(row);
  });
});
