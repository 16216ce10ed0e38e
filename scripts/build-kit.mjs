#!/usr/bin/env node
// Builds what the package ships (`npm pack` runs this first, as `prepack`): the test kit and the
// CLI as bundled JavaScript for Node 20, with the kit's type declarations, into dist/.
//
// esbuild bundles each entry with its dependencies (the repository's `@/` paths resolved, zod and
// gpt-tokenizer with their patches as installed here), so an installed package needs no tsx, no
// path aliases and none of the app's packages: only better-sqlite3 (native, built on install) and,
// for the fixture, the project's own @playwright/test. tsc writes the declarations; their `@/`
// paths are made relative, and only the files the kit's entries reach are kept, as ES module
// declarations (.d.mts): a CommonJS project that would `require` the kit is told so by tsc, not by Node.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

// Bundled CommonJS dependencies call `require` for Node's modules; an ES module has none of its own.
const banner = { js: "import { createRequire as __forkLabRequire } from 'node:module';\nconst require = __forkLabRequire(import.meta.url);" };
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.9',
  format: 'esm',
  // `server-only` resolves to its empty module, as it does for the app's server code.
  conditions: ['react-server'],
  external: ['better-sqlite3', '@playwright/test'],
  banner,
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
  legalComments: 'none',
  // .mjs: the package has no `type`, and Node would read a .js file as CommonJS first.
  outExtension: { '.js': '.mjs' },
};

/** The fixture's module imports the kit's entry as the package's own file, so both share one copy of the kit. */
const kitEntryExternal = {
  name: 'kit-entry-external',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/index$/ }, (args) =>
      args.importer.endsWith(path.join('lib', 'kit', 'playwright.ts')) ? { path: './index.mjs', external: true } : undefined,
    );
  },
};

await build({ ...common, entryPoints: { index: 'lib/kit/index.ts' }, outdir: path.join(dist, 'kit') });
await build({ ...common, entryPoints: { playwright: 'lib/kit/playwright.ts' }, outdir: path.join(dist, 'kit'), plugins: [kitEntryExternal] });
await build({ ...common, entryPoints: { 'fork-lab': 'lib/cli/cli-entry.ts' }, outdir: path.join(dist, 'cli') });
// The driver programs `verify` copies beside a runtime it installs, found beside the CLI's bundle.
for (const program of readdirSync(path.join(root, 'lib/verify/programs')).filter((file) => file.endsWith('.mjs'))) {
  cpSync(path.join(root, 'lib/verify/programs', program), path.join(dist, 'cli', program));
}

// Declarations: tsc over the kit's entries (tsconfig.kit.json), into a scratch folder; then the
// files the entries reach, with `@/` paths made relative, under dist/types.
const scratch = path.join(dist, '.types');
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--project', path.join(root, 'tsconfig.kit.json')], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/** Packages a declaration may name: what an installed package has (its dependency, its optional peer, Node's own). */
const DECLARED = /^(node:|@playwright\/test$|better-sqlite3$)/;

const SPECIFIER = /(from\s+|import\(\s*)(['"])([^'"]+)\2/g;

/** The declaration file a specifier in `from` names, or null for a package's. */
function declarationOf(from, specifier) {
  const base = specifier.startsWith('@/')
    ? path.join(scratch, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) {
    // A type from a package the package does not depend on (the AI SDK's messages, a zod schema) would be `any`, or an error, where it is installed.
    if (!DECLARED.test(specifier))
      throw new Error(`build-kit: ${path.relative(scratch, from)} declares a type from ${specifier}, which an installed package does not have`);
    return null;
  }
  for (const candidate of [`${base}.d.ts`, path.join(base, 'index.d.ts'), base.replace(/\.js$/, '.d.ts')]) if (existsSync(candidate)) return candidate;
  throw new Error(`build-kit: ${path.relative(scratch, from)} imports ${specifier}, which has no declaration`);
}

const types = path.join(dist, 'types');
const reached = new Set();
const queue = ['lib/kit/index.d.ts', 'lib/kit/playwright.d.ts'].map((file) => path.join(scratch, file));
while (queue.length > 0) {
  const file = queue.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  const text = readFileSync(file, 'utf8').replace(SPECIFIER, (whole, lead, quote, specifier) => {
    const target = declarationOf(file, specifier);
    if (target === null) return whole;
    queue.push(target);
    // Written as ES module declarations (.d.mts, as the bundles are .mjs): each import names its file, .mjs.
    const relative = path
      .relative(path.dirname(file), target.replace(/\.d\.ts$/, '.mjs'))
      .split(path.sep)
      .join('/');
    return `${lead}${quote}${relative.startsWith('.') ? relative : `./${relative}`}${quote}`;
  });
  const out = path.join(types, path.relative(scratch, file)).replace(/\.d\.ts$/, '.d.mts');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
}
rmSync(scratch, { recursive: true, force: true });
console.log(`build-kit: dist/kit, dist/cli and ${reached.size} declaration files`);
