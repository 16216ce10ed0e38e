'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useForecastRules } from '@/components/preview/provider-rules-editor';
import { type ForkRequest, type ParentTranscript, parseForkRequest, runtimeOf } from '@/lib/fork';
import type { ForkPreview, ParentRegistration } from '@/lib/fork-exchange/answers';
import { contentKey } from '@/lib/provider-cache/content-key';
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

type Answer = { answer: ReadyPreview; registration: ParentRegistration };

// Answers the server already gave, per parent (transcripts are frozen and replaced on edit, so a
// transcript object names one content) and per request. Every plan still comes from the server;
// this only avoids asking twice, and lets the neighbours of a numeric window be asked ahead.
const answers = new WeakMap<ParentTranscript, Map<string, Answer>>();
const ANSWERS_PER_PARENT = 64;

function remember(transcript: ParentTranscript, key: string, value: Answer): void {
  const known = answers.get(transcript) ?? new Map<string, Answer>();
  answers.set(transcript, known);
  known.set(key, value);
  if (known.size > ANSWERS_PER_PARENT) known.delete(known.keys().next().value!);
}

/** The windows one key press away from a request, as its runtime's window keys would set them. */
function neighbours(request: ForkRequest, answer: ReadyPreview): ForkRequest[] {
  const window = runtimeOf(request.policy).controls.window;
  if (window === undefined || answer.plan.errors.length > 0) return [];
  const value = Object.entries(request.params).find(([name]) => name === window.field)?.[1];
  if (typeof value !== 'string') return [];
  return window
    .neighbours(value, answer.plan.window?.realTurns ?? 1)
    .map((next) => parseForkRequest({ ...request, params: { ...request.params, [window.field]: next } }));
}

/**
 * The engine's plan for the current controls, from the server. Answers that arrive after a newer
 * request was sent are dropped, so fast clicking never shows a stale window.
 */
export function useForkPreview(transcript: ParentTranscript | null, request: ForkRequest | null): PreviewState {
  // The effect follows the request's content: a new object with the same values must not refetch.
  const requestKey = JSON.stringify(request);
  // The workspace's cache rules shape the preview's forecast: answers under other rules are not reused.
  const rules = useForecastRules();
  const rulesStamp = useMemo(() => (rules === null ? '' : contentKey(rules)), [rules]);
  const latestRules = useRef(rules);
  latestRules.current = rules;
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
    // Every request this run makes, the asked-ahead ones too, is abandoned once a newer one exists.
    const superseded = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    void registerParent(transcript)
      .then((registration) => {
        if (ticket === sequence.current) setState((previous) => ({ ...previous, registration }));
      })
      .catch(() => undefined);
    const request: ForkRequest | null = requestKey === 'null' ? null : parseForkRequest(JSON.parse(requestKey));
    // Controls that make no request (a field too long, say) have nothing to plan: the last plan stays, dimmed.
    if (request === null) {
      setState((previous) => ({ ...previous, loading: false }));
      return;
    }
    const rulesNow = latestRules.current;
    const keyOf = (json: string) => `${rulesStamp}|${json}`;
    const known = answers.get(transcript)?.get(keyOf(requestKey));
    if (known !== undefined) {
      setState({
        registration: known.registration,
        preview: known.answer,
        previewRequest: request,
        previewTranscript: transcript,
        loading: false,
        error: null,
      });
      return;
    }
    previewFork(transcript, request, superseded.signal, rulesNow).then(
      async ({ answer, registration }) => {
        remember(transcript, keyOf(requestKey), { answer, registration });
        if (ticket !== sequence.current) return;
        setState({ registration, preview: answer, previewRequest: request, previewTranscript: transcript, loading: false, error: null });
        // Ask ahead for the windows one key press away, while nothing newer is waiting.
        for (const next of neighbours(request, answer)) {
          const key = keyOf(JSON.stringify(next));
          if (ticket !== sequence.current) return;
          if (answers.get(transcript)?.has(key)) continue;
          const ahead = await previewFork(transcript, next, superseded.signal, rulesNow).catch(() => null);
          if (ahead !== null) remember(transcript, key, ahead);
        }
      },
      (error: unknown) => {
        if (ticket !== sequence.current) return;
        setState((previous) => ({ ...previous, loading: false, error: error instanceof Error ? error.message : String(error) }));
      },
    );
    return () => superseded.abort();
  }, [transcript, requestKey, rulesStamp]);

  return state;
}
