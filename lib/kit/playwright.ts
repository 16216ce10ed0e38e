import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
// The kit's public entry, not its files: the package builds this module apart and shares the entry's one copy of the kit.
import { type ForkLab, type ForkLabSession, sessionNameFor, startForkLab } from './index';

/**
 * Playwright's `test` with Fork Lab: `forkLab`, one recording endpoint a worker, and
 * `forkSession`, a capture session of the test's own (its name from the test's title), cleared when
 * the test ends. Tests running in parallel on one worker's endpoint never see each other's traffic.
 */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { forkSession: ForkLabSession },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & { forkLab: ForkLab }
> = base.extend<{ forkSession: ForkLabSession }, { forkLab: ForkLab }>({
  forkLab: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern.
    async ({}, use) => {
      const lab = await startForkLab();
      await use(lab);
      await lab.close();
    },
    { scope: 'worker' },
  ],
  forkSession: async ({ forkLab }, use, testInfo) => {
    const session = forkLab.session(sessionNameFor(testInfo.title, testInfo.testId));
    await use(session);
    await session.clear();
  },
});

export { expect } from '@playwright/test';
