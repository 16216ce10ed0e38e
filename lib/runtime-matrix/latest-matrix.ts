import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeMatrix } from './runtime-matrix';
import { SHIPPED_MATRIX_PATH } from './shipped-matrix';

/** Where `fork-lab verify` leaves its newest matrix, under the data folder the app reads too. */
export function latestMatrixFile(dataDir: string): string {
  return path.join(dataDir, 'verify', 'latest.json');
}

function readMatrix(file: string): RuntimeMatrix | null {
  if (!existsSync(file)) return null;
  try {
    const matrix = JSON.parse(readFileSync(file, 'utf8')) as RuntimeMatrix;
    return matrix.kind === 'fork-lab/runtime-matrix' && matrix.version === 1 && Array.isArray(matrix.cells) ? matrix : null;
  } catch {
    return null;
  }
}

/** The newest matrix `fork-lab verify` wrote, or null when none was run here (or the file is not one). */
export function readLatestMatrix(dataDir: string): RuntimeMatrix | null {
  return readMatrix(latestMatrixFile(dataDir));
}

/** The matrix of the last verify run on main, as the repository ships it; null in a checkout that lost it. */
export function readShippedMatrix(root: string = process.cwd()): RuntimeMatrix | null {
  return readMatrix(path.join(/*turbopackIgnore: true*/ root, SHIPPED_MATRIX_PATH));
}

/** What `/runtimes` shows: the run made here, else the one the repository ships, and which it is. */
export function shownMatrix(dataDir: string, root?: string): { matrix: RuntimeMatrix; source: 'here' | 'shipped' } | null {
  const here = readLatestMatrix(dataDir);
  if (here !== null) return { matrix: here, source: 'here' };
  const shipped = readShippedMatrix(root);
  return shipped === null ? null : { matrix: shipped, source: 'shipped' };
}

/**
 * The file of a fork bundle a cell saved: only for a cell and a fork the matrix lists, so no name
 * a caller sends can reach another file.
 */
export function cellBundleFile(matrix: RuntimeMatrix, runtime: string, scenario: string, parentId: number, childId: number): string | null {
  const cell = matrix.cells.find((candidate) => candidate.runtime === runtime && candidate.scenario === scenario);
  if (cell === undefined || !cell.forks.some((fork) => fork.parentId === parentId && fork.childId === childId)) return null;
  const file = path.join(cell.folder, `fork-${parentId}-${childId}.json`);
  return existsSync(file) ? file : null;
}
