import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runtimeBundleHandler, runtimeMatrixHandler } from './runtimes-endpoint';

let dataDir: string;
const saved = process.env.FORK_LAB_DATA_DIR;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'fork-lab-runtimes-'));
  process.env.FORK_LAB_DATA_DIR = dataDir;
});
afterEach(() => {
  if (saved === undefined) delete process.env.FORK_LAB_DATA_DIR;
  else process.env.FORK_LAB_DATA_DIR = saved;
});

function writeMatrix(): string {
  const folder = path.join(dataDir, 'verify', 'run', 'qwen-code@0.24.4', 'fork-all');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'fork-2-3.json'), '{"kind":"fork-lab/fork-bundle"}');
  const fork = {
    parentId: 2,
    childId: 3,
    toolCallId: 'c',
    toolName: 'agent',
    runtime: 'qwen-fork-turns',
    announced: null,
    verdict: 'matches',
    difference: null,
  };
  const cell = {
    runtime: 'qwen-code',
    version: '0.24.4',
    scenario: 'fork-all',
    outcome: 'matches',
    green: true,
    summary: 'ok',
    forks: [fork],
    requests: 4,
    seconds: 1,
    folder,
  };
  const matrix = {
    kind: 'fork-lab/runtime-matrix',
    version: 1,
    startedAt: '',
    seconds: 1,
    runtimes: [],
    scenarios: [],
    cells: [cell],
    planted: [],
    codeReadOnly: [],
  };
  writeFileSync(path.join(dataDir, 'verify', 'latest.json'), JSON.stringify(matrix));
  return folder;
}

const bundle = (query: string) => runtimeBundleHandler()(new Request(`http://127.0.0.1/api/runtimes/bundle?${query}`));

describe('the runtime matrix over HTTP', () => {
  it('says how to make a matrix when none was run here', async () => {
    const response = await runtimeMatrixHandler()();
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('npx fork-lab verify');
  });

  it('answers the newest matrix, and a fork a cell saved as its bundle', async () => {
    writeMatrix();
    expect(((await (await runtimeMatrixHandler()()).json()) as { cells: unknown[] }).cells).toHaveLength(1);
    const found = await bundle('runtime=qwen-code&scenario=fork-all&parent=2&child=3');
    expect(found.status).toBe(200);
    expect(await found.text()).toBe('{"kind":"fork-lab/fork-bundle"}');
  });

  it('serves only forks the matrix lists: a name it does not know, or a path in a name, is refused', async () => {
    writeMatrix();
    expect((await bundle('runtime=qwen-code&scenario=fork-all&parent=2&child=4')).status).toBe(404);
    const traversal = await bundle('runtime=qwen-code&scenario=../../etc&parent=2&child=3');
    expect(traversal.status).toBe(400);
    expect(((await traversal.json()) as { error: { issues: { path: string }[] } }).error.issues.map((issue) => issue.path)).toEqual(['scenario']);
    expect((await bundle('runtime=qwen-code&scenario=fork-all&parent=-1&child=3')).status).toBe(400);
  });
});
