/*
 * Fork Lab's test kit, for a runtime's own CI: a recording endpoint in the test's process, a capture
 * session a test, and assertions in the runtime's terms. Built into `dist/kit` as `fork-lab/kit`
 * (and `fork-lab/kit/playwright` for the fixture); docs/ci-kit.md shows it in a project of its own.
 */
export type { ProviderId } from '@/lib/provider-cache/provider-rules';
export type { ModelApi } from '@/lib/recording/model-api';
export type { DriverFile, RuntimeDriver } from '@/lib/verify/drivers/runtime-driver';
export { expectCacheReuse, expectChildFollowsRule, expectForked, expectResultDeliveredOnce, ForkAssertionError } from './fork-assertions';
export { type CapturedRequest, type ForkCheck, type ForkCheckOptions, ForkLabRequestError, ForkLabSession } from './fork-lab-session';
export { forkParting } from './fork-parting';
export type { KitCacheReuse, KitFork, PartingLine } from './kit-types';
export { sessionNameFor } from './session-name';
export { type ForkLab, type ForkLabOptions, startForkLab } from './start-fork-lab';
