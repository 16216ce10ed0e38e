'use client';

import { useEffect, useRef, useState } from 'react';
import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import type { ForkPreview, ParentRegistration } from '@/lib/fork-service/fork-service';
import { previewFork, registerParent } from './fork-client';

export type ReadyPreview = Extract<ForkPreview, { status: 'ok' }>;

export interface PreviewState {
  registration: ParentRegistration | null;
  preview: ReadyPreview | null;
  /** The request the shown preview was made for (it may lag the controls while a new one loads). */
  previewRequest: ForkRequest | null;
  previewTranscript: ParentTranscript | null;
  loading: boolean;
  error: string | null;
}

/**
 * The engine's plan for the current controls, from the server. Answers that arrive after a newer
 * request was sent are dropped, so fast clicking never shows a stale window.
 */
export function useForkPreview(transcript: ParentTranscript | null, request: ForkRequest | null, requestKey: string): PreviewState {
  const [state, setState] = useState<PreviewState>({
    registration: null,
    preview: null,
    previewRequest: null,
    previewTranscript: null,
    loading: true,
    error: null,
  });
  const sequence = useRef(0);

  useEffect(() => {
    if (transcript === null) return;
    const ticket = ++sequence.current;
    setState((previous) => ({ ...previous, loading: true }));
    void registerParent(transcript)
      .then((registration) => {
        if (ticket === sequence.current) setState((previous) => ({ ...previous, registration }));
      })
      .catch(() => undefined);
    if (request === null) return;
    previewFork(transcript, request).then(
      ({ answer, registration }) => {
        if (ticket !== sequence.current) return;
        setState({ registration, preview: answer, previewRequest: request, previewTranscript: transcript, loading: false, error: null });
      },
      (error: unknown) => {
        if (ticket !== sequence.current) return;
        setState((previous) => ({ ...previous, loading: false, error: error instanceof Error ? error.message : String(error) }));
      },
    );
    // requestKey stands for `request`: a new object with the same content must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transcript, requestKey]);

  return state;
}
