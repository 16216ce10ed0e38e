import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');

/** Folders whose code never ships: tests end to end, the benchmark, and what tools build or keep. */
const NOT_SHIPPED = new Set(['node_modules', 'e2e', 'bench', 'public', 'test-results']);

/** Every source file that is not a test, relative to the repository, with `/` separators. */
function productFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      // A testing/ folder holds helpers for tests; they may lean on one another.
      if (name.startsWith('.') || name === 'testing' || (dir === root && NOT_SHIPPED.has(name))) return [];
      return productFiles(full);
    }
    return /\.(?:[cm]?[jt]sx?)$/.test(name) && !/\.test\.[jt]sx?$/.test(name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** Module names a file imports, re-exports or loads, static or dynamic. */
function importedModules(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

describe('test helpers stay out of the product', () => {
  // Helpers in a testing/ folder are built for assertions, not for users: once app code imports
  // one, it ships in the bundle and a change made for a test changes what people see.
  it('no file outside tests, e2e/ and bench/ imports from a testing/ folder', () => {
    const files = productFiles(root);
    // The walk must reach the code that once did this, or the check would pass on nothing.
    expect(files).toContain('lib/scenarios/synthetic-scenarios.ts');
    expect(files).toContain('scripts/generate-scenarios.ts');
    const offenders = files.flatMap((file) =>
      importedModules(readFileSync(path.join(root, file), 'utf8'))
        .filter((module) => /(?:^|\/)testing(?:\/|$)/.test(module))
        .map((module) => `${file} imports ${module}`),
    );
    expect(offenders).toEqual([]);
  });
});
