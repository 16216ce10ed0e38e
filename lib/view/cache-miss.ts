import type { ForkPlan } from '@/lib/fork';

/**
 * What keeps a provider's prompt cache from reusing any of the parent's prefix, in words: the child
 * runs on another model, or its system instruction or tool list differs. Null when nothing does.
 */
export function cacheMissReason(cache: NonNullable<ForkPlan['cache']>): 'model' | 'system instruction' | 'tool list' | null {
  if (cache.modelMatches === false) return 'model';
  if (!cache.systemMatches) return 'system instruction';
  if (!cache.toolsMatch) return 'tool list';
  return null;
}
