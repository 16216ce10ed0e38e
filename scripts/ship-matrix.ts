/**
 * `npm run matrix:ship -- <matrix.json>`: a verify run's matrix as the repository ships it
 * (docs/verify-matrix.json, what /runtimes shows where no verify has run) and its tables in
 * docs/verify.md. Refuses a run with a red cell: main ships a matrix it passes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { matrixPasses } from '@/lib/runtime-matrix/matrix-report';
import type { RuntimeMatrix } from '@/lib/runtime-matrix/runtime-matrix';
import { SHIPPED_MATRIX_PATH, shippableMatrix, withShippedSection } from '@/lib/runtime-matrix/shipped-matrix';

const [source] = process.argv.slice(2);
if (source === undefined) {
  console.error('usage: npm run matrix:ship -- <folder or matrix.json of a fork-lab verify run>');
  process.exit(2);
}
const file = source.endsWith('.json') ? source : path.join(source, 'matrix.json');
const matrix = JSON.parse(readFileSync(file, 'utf8')) as RuntimeMatrix;
if (!matrixPasses(matrix)) {
  console.error(`${file}: the run does not pass (a red cell, a known difference gone green, or a planted rule missed); main ships a passing matrix.`);
  process.exit(1);
}
const shipped = shippableMatrix(matrix);
writeFileSync(SHIPPED_MATRIX_PATH, `${JSON.stringify(shipped, null, 2)}\n`);
// In the repository's own format, so lint passes on the file as written.
execFileSync(path.join('node_modules', '.bin', 'biome'), ['format', '--write', SHIPPED_MATRIX_PATH], { stdio: 'ignore' });
const doc = 'docs/verify.md';
writeFileSync(doc, withShippedSection(readFileSync(doc, 'utf8'), shipped));
console.log(`wrote ${SHIPPED_MATRIX_PATH} (${shipped.cells.length} cells, run ${shipped.startedAt}) and its tables in ${doc}`);
