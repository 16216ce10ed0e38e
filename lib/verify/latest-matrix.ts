import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeMatrix } from './run-matrix';

/** Where `fork-lab verify` leaves its newest matrix, under the data folder the app reads too. */
export function latestMatrixFile(dataDir: string): string {
  return path.join(dataDir, 'verify', 'latest.json');
}

/** The newest matrix `fork-lab verify` wrote, or null when none was run here (or the file is not one). */
export function readLatestMatrix(dataDir: string): RuntimeMatrix | null {
  const file = latestMatrixFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const matrix = JSON.parse(readFileSync(file, 'utf8')) as RuntimeMatrix;
    return matrix.kind === 'fork-lab/runtime-matrix' && matrix.version === 1 && Array.isArray(matrix.cells) ? matrix : null;
  } catch {
    return null;
  }
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
