/**
 * The server side of planning: parents the server holds by key, and what it answers about forks of
 * them. Server-only; what its answers look like in the browser is `lib/fork-exchange`.
 */
export { countChildWithAnthropic } from './count-with-anthropic';
export { FAMILY_FORECAST_MEMBERS, previewFamilyCache } from './family-cache-preview';
export { launchChild } from './launch-child';
export { livePredictedCache, liveTokenReport } from './live-parent';
export { type CacheTarget, predictedCacheOf, rulesShowing } from './predicted-cache';
export { previewFork } from './preview-fork';
export { registerParent } from './register-parent';
