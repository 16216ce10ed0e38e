import { describe, expect, it } from 'vitest';
import { matrixPasses, matrixReport } from './matrix-report';
import type { MatrixCell, RuntimeMatrix } from './runtime-matrix';

const cell = (runtime: string, scenario: string, outcome: MatrixCell['outcome'], green: boolean, extra: Partial<MatrixCell> = {}): MatrixCell => ({
  runtime,
  version: '1.0.0',
  scenario,
  outcome,
  green,
  summary: green ? 'the child as the rules plan it' : 'request 3 differs at messages[2].content: expected a — sent b',
  forks: [],
  requests: 3,
  seconds: 1.5,
  folder: `/out/${runtime}/${scenario}`,
  ...extra,
});

function matrix(cells: MatrixCell[], planted: RuntimeMatrix['planted'] = []): RuntimeMatrix {
  return {
    kind: 'fork-lab/runtime-matrix',
    version: 1,
    startedAt: '2026-12-01T00:00:00.000Z',
    seconds: 12.5,
    runtimes: [
      { name: 'qwen-code', version: '1.0.0', origin: 'cached' },
      { name: 'codex', version: '1.0.0', origin: 'cached' },
    ],
    scenarios: [
      { id: 'fork-all', title: 'fork all' },
      { id: 'fork-tools', title: 'fork tools' },
    ],
    cells,
    planted,
    cannotRun: [{ name: 'kimi-code', label: 'Kimi Code', reason: 'its install needs a registry this machine does not reach' }],
  };
}

describe('the runtime matrix report', () => {
  it('prints scenarios down, runtime@version across, a dash where a runtime has no such scenario, then every red cell’s first difference', () => {
    const report = matrixReport(
      matrix([cell('qwen-code', 'fork-all', 'matches', true), cell('codex', 'fork-all', 'differs', false), cell('qwen-code', 'fork-tools', 'matches', true)]),
    );
    expect(report.split('\n').slice(0, 5)).toEqual([
      '| scenario   | qwen-code@1.0.0 | codex@1.0.0 |',
      '|------------|-----------------|-------------|',
      '| fork-all   | matches         | ✗ DIFFERS   |',
      '| fork-tools | matches         | —           |',
      '',
    ]);
    expect(report).toContain('2 of 3 cells green, 0 known differences, in 12.5 s.');
    expect(report).toContain('- codex@1.0.0 fork-all: request 3 differs at messages[2].content: expected a — sent b (/out/codex/fork-all)');
    expect(report).toContain('Kimi Code: cannot run — its install needs a registry this machine does not reach.');
  });

  it('passes only when every cell is green but the known differences, which must still differ, and every planted rule was caught', () => {
    const green = cell('qwen-code', 'fork-all', 'matches', true);
    const known = cell('codex', 'fork-all', 'no-fork-seen', false, { known: 'not reproduced yet' });
    expect(matrixPasses(matrix([green, known]))).toBe(true);
    expect(matrixReport(matrix([green, known]))).toContain('- codex@1.0.0 fork-all: not reproduced yet — request 3 differs');
    expect(matrixPasses(matrix([green, cell('codex', 'fork-all', 'differs', false)]))).toBe(false);
    expect(matrixPasses(matrix([green, { ...known, green: true, outcome: 'matches' }]))).toBe(false);
    const caught = { cell: 'qwen-code@1.0.0 fork-all', runtimeVersion: '0.9', caught: true, summary: 'read by the 0.9 rules: differs at messages[3]' };
    expect(matrixPasses(matrix([green], [caught]))).toBe(true);
    expect(matrixPasses(matrix([green], [{ ...caught, caught: false }]))).toBe(false);
    expect(matrixReport(matrix([green], [caught]))).toContain('- caught: qwen-code@1.0.0 fork-all read by the 0.9 rules: differs at messages[3]');
  });

  it('adds, per runtime, what each green fork reused of its parent’s cache, and leaves out red cells and forks without figures', () => {
    const cost = (dollars: number) => ({ dollars, complete: true, missing: [] });
    const reuse = {
      parentRequest: 1,
      childRequest: 3,
      provider: 'openai' as const,
      model: 'gpt-5',
      pricedAs: 'gpt-5',
      parentTokens: 6912,
      childTokens: 7047.4,
      sharedTokens: 871,
      parting: { reason: 'tools_changed' as const, path: 'tools[4].type' },
      cachedTokens: 0,
      writtenTokens: 0,
      cost: { fork: cost(0.0088), cold: cost(0.0088) },
      reasons: [],
      routing: {
        values: [
          { name: 'prompt_cache_key', parent: 'a', child: 'a' },
          { name: 'thread-id', parent: 'a', child: 'b' },
        ],
        ttls: { parent: [], child: [] },
        retention: { parent: null, child: null },
      },
    };
    const fork = {
      parentId: 3,
      childId: 5,
      toolCallId: 'c',
      toolName: 'spawn_agent',
      runtime: 'codex-spawn-agent',
      announced: null,
      verdict: 'matches' as const,
      difference: null,
    };
    const report = matrixReport(
      matrix([
        cell('codex', 'fork-all', 'matches', true, {
          forks: [
            { ...fork, cache: reuse },
            { ...fork, childId: 6, cache: null },
          ],
        }),
        cell('codex', 'fork-tools', 'differs', false, { forks: [{ ...fork, cache: reuse }] }),
        cell('qwen-code', 'fork-all', 'matches', true),
      ]),
    );
    const section = report.slice(report.indexOf('## What each fork reuses'));
    expect(section.split('\n').slice(4)).toEqual([
      '### codex@1.0.0 — priced as openai gpt-5 (the model the runtime sent is not one the provider lists)',
      '',
      '| scenario | fork | child’s first request | identical prefix | parts at | cache reads | routing | TTL | first request (fork / cold) |',
      '|---|---|---:|---:|---|---:|---|---|---|',
      '| fork-all | 3→5 | 7,047 | 871 (12%) | tools[4].type (tools changed) | 0 | prompt_cache_key kept, thread-id changed | — | $0.0088 / $0.0088 · 0% saved |',
      '',
    ]);
  });
});
