'use client';

import { useEffect, useLayoutEffect, useRef } from 'react';
import { encodeUrlState, historyKey, type LinkedParent } from '@/lib/workspace/url-state';
import type { ParentSession } from '@/lib/workspace/workspace';
import { useSettledValue } from './use-settled-value';

/** How long the controls must rest before the URL follows them. */
const URL_SETTLE_MS = 250;

/** The parent of a session as a link names it: a scenario, an import of this browser, or nothing. */
export function linkedParentOf(session: Pick<ParentSession, 'id' | 'source'>): LinkedParent {
  if (session.source.kind === 'scenario') return { kind: 'scenario', id: session.source.scenarioId };
  return session.source.kind === 'import' ? { kind: 'import', sessionId: session.id } : null;
}

/**
 * The URL follows the view, so a link reproduces its parameters, and Back steps back through it:
 * a new parent, runtime, window or fork point is a history entry of its own; any other change
 * (a parameter typed) only corrects the entry it is in. Back and Forward hand the URL to `apply`.
 *
 * It follows once the controls rest: Next's router takes every history write as a navigation to
 * sync, re-rendering the layout and re-checking link prefetches, about 50 ms a change on the 10k
 * parent, which a held `]` would pay on every press. Answers whether the URL has caught up.
 */
export function useUrlSync(session: ParentSession | null, ready: boolean, apply: (search: string) => void): boolean {
  const query = ready && session !== null ? encodeUrlState(linkedParentOf(session), session.selection) : null;
  const settledQuery = useSettledValue(query, URL_SETTLE_MS);
  // The view a page opens on, and one Back or Forward restored, is written over its own entry,
  // never pushed: a link read as the page loads is no step, and pushing would cut off the entries
  // ahead of one restored.
  const restoring = useRef(true);
  // In the commit that marks the URL synced, so nothing sees the mark before the URL.
  useLayoutEffect(() => {
    if (settledQuery === null) return;
    const current = window.location.search.replace(/^\?/, '');
    if (current === settledQuery) {
      restoring.current = false;
      return;
    }
    const step = current !== '' && !restoring.current && historyKey(current) !== historyKey(settledQuery);
    restoring.current = false;
    if (step) window.history.pushState(null, '', `?${settledQuery}`);
    else window.history.replaceState(null, '', `?${settledQuery}`);
  }, [settledQuery]);

  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const onPopState = () => {
      restoring.current = true;
      applyRef.current(window.location.search);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return query === settledQuery;
}
