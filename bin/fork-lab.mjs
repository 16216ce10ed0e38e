#!/usr/bin/env node
// The `fork-lab` command. In the repository it runs the TypeScript itself through tsx, so the CLI
// and the app share one library with no build step; installed from the package (which ships no
// sources) it runs the CLI as `npm pack` built it, bundled, in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../lib/cli/cli-entry.ts', import.meta.url));
if (!existsSync(entry)) {
  await import(new URL('../dist/cli/fork-lab.mjs', import.meta.url).href);
} else {
  // A child process, because tsx must load before the first module, under the react-server
  // condition the server code (token counting) runs under in the app. tsx as this repository has
  // it: a bare `--import tsx` would be looked up from the directory the command runs in, and a
  // runtime's CI runs it from its own checkout.
  const tsx = import.meta.resolve('tsx');
  // tsx reads the `@/` import paths from a tsconfig, by default the one in that directory too.
  const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
  const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', tsx, entry, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
  });
  if (run.error) throw run.error;
  process.exitCode = run.status ?? 1;
}
