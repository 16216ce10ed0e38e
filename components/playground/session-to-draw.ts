import type { ParentSession } from '@/lib/workspace/workspace';

/**
 * Which session the playground draws, from the store's (`live`) and React's deferred copy of it.
 * Within a session, the deferred copy with the live selection: its fields are controlled inputs,
 * and a deferred value would put the old text back under the person's cursor for a frame. Another
 * session (a scenario switch, an import, the first one restored): the deferred copy as it is, the
 * one on screen kept whole until the transition has drawn the new one, so the two are never mixed
 * and the switch is drawn in slices too. Drawn at once, a 50 MB import's first paint was one
 * 170-200 ms task, and its reload's 130-150 ms.
 */
export function sessionToDraw(live: ParentSession | null, deferred: ParentSession | null): ParentSession | null {
  if (live === null) return null;
  if (deferred === null || deferred.id !== live.id) return deferred;
  return deferred.selection === live.selection ? deferred : { ...deferred, selection: live.selection };
}
