import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

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
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'components/**/*.test.tsx', 'bench/**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next/**'],
    // The combined count in scripts/test-all.mjs decides whether "no tests" is an error.
    passWithNoTests: true,
  },
});
