/**
 * The policies of the registered runtimes, one key each. A runtime's folder adds its own policy
 * here (module augmentation, beside the constant that names it), so the engine's shared types can
 * speak of "a registered policy" without importing the registry, which imports them: the registry
 * checks that what its runtimes add and what it holds are the same set.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each runtime's folder through declaration merging
export interface RegisteredForkPolicies {}

/** A registered runtime's policy id (`qwen-fork-turns`, `kimi-fork`, …). */
export type ForkPolicy = keyof RegisteredForkPolicies & string;
