'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import { SHARE_BODY_LIMIT_BYTES } from '@/lib/share/share-snapshot';
import type { ParentSession } from '@/lib/workspace/workspace';
import styles from './compare.module.css';

/**
 * Share: the server keeps an immutable snapshot of this parent, compare and sweeps, and gives a
 * read-only link that opens the same view in any browser (an imported parent otherwise lives only
 * in this browser's storage).
 */
export function ShareButton({ session }: { session: ParentSession }) {
  const [state, setState] = useState<
    { status: 'idle' | 'sharing' } | { status: 'shared'; url: string; copied: boolean } | { status: 'failed'; message: string }
  >({
    status: 'idle',
  });
  // The link goes to the clipboard where the browser lets it; the field shows it either way.
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied: it opens this compare read-only in any browser.');
      return true;
    } catch {
      return false;
    }
  };
  const share = async () => {
    setState({ status: 'sharing' });
    try {
      // Sweeps carry the revision they ran on; the snapshot is of the parent as it is now.
      const sweeps = (session.sweeps ?? []).filter((sweep) => sweep.parentRevision === session.revision);
      // One stringify, on a click: a share holds at most 8 MB, and a larger parent is refused here
      // without sending it.
      const body = JSON.stringify({ version: 1, title: session.title, transcript: session.transcript, compare: session.compare, sweeps });
      const bytes = new Blob([body], { type: 'application/json' });
      if (bytes.size > SHARE_BODY_LIMIT_BYTES) {
        throw new Error(
          `A share link holds a parent of at most ${SHARE_BODY_LIMIT_BYTES / 1024 / 1024} MB; this one is ${(bytes.size / 1024 / 1024).toFixed(1)} MB. Export the fork bundle instead.`,
        );
      }
      const response = await fetch('/api/share', { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
      if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
      const answer = (await response.json()) as { url: string };
      const url = new URL(answer.url, window.location.origin).href;
      setState({ status: 'shared', url, copied: await copy(url) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <span className={styles.share}>
      <Button onClick={() => void share()} disabled={state.status === 'sharing'} data-testid="share">
        {state.status === 'sharing' ? 'Sharing…' : 'Share'}
      </Button>
      {state.status === 'shared' ? (
        <Input
          className={styles.shareUrl}
          readOnly
          value={state.url}
          aria-label="Read-only link to this compare"
          data-testid="share-url"
          onFocus={(event) => event.target.select()}
        />
      ) : null}
      {state.status === 'shared' ? (
        <Button
          size="sm"
          data-testid="share-copy"
          onClick={() => void copy(state.url).then((copied) => setState({ ...state, copied }))}
          title="Copy the link again"
        >
          {state.copied ? 'Copied' : 'Copy link'}
        </Button>
      ) : null}
      {state.status === 'failed' ? (
        <span className={styles.error} role="alert" data-testid="share-error">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
