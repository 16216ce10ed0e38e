import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

const include = ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'components/**/*.test.tsx', 'bench/**/*.test.ts'];
/**
 * Files that mock a module (`vi.mock`, `vi.spyOn` on a shared prototype) or set the process's
 * environment for the modules they import: each runs with modules of its own. The rest share one
 * module graph per worker, which took a full run from 250 s to 75 s (most of it was importing the
 * same modules again for each of 280 files). A test that needs a module fresh goes in this list.
 */
const ownModules = [
  'lib/api/share-endpoint.test.ts',
  'lib/api/runtimes-endpoint.test.ts',
  'lib/api/sweep-endpoint-hangup.test.ts',
  'lib/fork-service/parent-cache.test.ts',
  'lib/verify/recording-server.test.ts',
  'app/api/error-shape.test.ts',
];

export default defineConfig({
  resolve: {
    // `@/lib/x` -> `<repo>/lib/x` (same as tsconfig "paths"). The regex only
    // matches "@/" so scoped packages such as "@ai-sdk/react" are untouched.
    // `server-only` resolves as Next resolves it for server code (the react-server condition): to
    // its empty module. Tests run server modules as the server does; the bundler still keeps them
    // out of the browser.
    alias: [
      { find: /^@\//, replacement: root },
      { find: /^server-only$/, replacement: `${root}node_modules/server-only/empty.js` },
    ],
  },
  test: {
    environment: 'node',
    exclude: ['node_modules/**', 'e2e/**', '.next/**'],
    // The combined count in scripts/test-all.mjs decides whether "no tests" is an error.
    passWithNoTests: true,
    projects: [
      { extends: true, test: { name: 'shared-modules', include, exclude: ['node_modules/**', 'e2e/**', '.next/**', ...ownModules], isolate: false } },
      { extends: true, test: { name: 'own-modules', include: ownModules, isolate: true } },
    ],
  },
});
