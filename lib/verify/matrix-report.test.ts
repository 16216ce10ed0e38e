import { describe, expect, it } from 'vitest';
import { matrixPasses, matrixReport } from './matrix-report';
import type { RuntimeMatrix } from './run-matrix';
import type { MatrixCell } from './run-scenario';

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
});
