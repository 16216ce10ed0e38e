import { defineConfig } from '@playwright/test';

// No browser: the fixture starts Fork Lab's endpoint in the worker, and the runtime talks to it.
export default defineConfig({ testDir: 'tests', testMatch: '**/*.spec.ts', reporter: 'list' });
