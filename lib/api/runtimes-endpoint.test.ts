import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shownMatrix } from '@/lib/runtime-matrix/latest-matrix';
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
    cannotRun: [],
  };
  writeFileSync(path.join(dataDir, 'verify', 'latest.json'), JSON.stringify(matrix));
  return folder;
}

const bundle = (query: string) => runtimeBundleHandler()(new Request(`http://127.0.0.1/api/runtimes/bundle?${query}`));

describe('the runtime matrix over HTTP', () => {
  it('answers the matrix the repository ships when none was run here, and says so; it has no fork to open', async () => {
    const response = await runtimeMatrixHandler()();
    expect(response.status).toBe(200);
    const shipped = (await response.json()) as { source: string; cells: unknown[] };
    expect(shipped.source).toBe('shipped');
    expect(shipped.cells.length).toBeGreaterThan(50);
    expect((await bundle('runtime=qwen-code&scenario=fork-all&parent=2&child=3')).status).toBe(404);
  });

  it('says how to make a matrix when none was run here and the checkout ships none', () => {
    expect(shownMatrix(dataDir, mkdtempSync(path.join(os.tmpdir(), 'fork-lab-checkout-')))).toBeNull();
  });

  it('answers the newest matrix run here before the shipped one, and a fork a cell saved as its bundle', async () => {
    writeMatrix();
    const here = (await (await runtimeMatrixHandler()()).json()) as { source: string; cells: unknown[] };
    expect(here.cells).toHaveLength(1);
    expect(here.source).toBe('here');
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
