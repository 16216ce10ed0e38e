'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { previewFork } from '@/components/playground/fork-client';
import type { ReadyPreview } from '@/components/playground/use-fork-preview';
import { type CompareSetup, variantRequest } from '@/lib/compare/compare-setup';
import { firstRequestMessages } from '@/lib/compare/first-request';
import type { ChildMessage, ForkRequest, ParentTranscript, TranscriptMessage } from '@/lib/fork';
import { expandChildMessages } from '@/lib/fork-service/compact-plan';

/** One variant's plan as the server made it, and the child's first request read back from it. */
export type VariantPreview =
  | { status: 'loading'; request: ForkRequest | null }
  | { status: 'error'; request: ForkRequest | null; message: string }
  | {
      status: 'ok';
      request: ForkRequest;
      preview: ReadyPreview;
      /** The child's first request: initial messages and first prompt (copies share the parent's objects). */
      messages: ChildMessage[];
      /** The parent as this fork saw it: its messages to the fork point, and the Agent call written for it. */
      parentMessages: readonly TranscriptMessage[];
    };

type Answer = { status: 'ok'; preview: ReadyPreview } | { status: 'error'; message: string };
interface Answers {
  transcript: ParentTranscript | null;
  byKey: Map<string, Answer>;
}

function requestOrError(setup: CompareSetup, index: number): { request: ForkRequest } | { error: string } {
  try {
    return { request: variantRequest(setup.variants[index]!, setup.directive) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The parent the plan was made on: the Agent call Fork Lab wrote (if any) after the parent's messages. */
function parentAsForked(transcript: ParentTranscript, preview: ReadyPreview): readonly TranscriptMessage[] {
  return preview.writtenCall === undefined ? transcript.messages : [...transcript.messages, preview.writtenCall];
}

/**
 * Each variant's plan from the server (the playground's preview endpoint: answered side by side,
 * abandoned when nobody waits), keyed by request, so editing one variant asks for that one only.
 */
export function useComparePreviews(transcript: ParentTranscript | null, setup: CompareSetup | null): Map<string, VariantPreview> {
  const requests = useMemo(() => setup?.variants.map((_, index) => requestOrError(setup, index)) ?? [], [setup]);
  const keys = useMemo(() => requests.map((entry) => ('request' in entry ? JSON.stringify(entry.request) : '')), [requests]);
  const keysText = JSON.stringify(keys);
  const [answers, setAnswers] = useState<Answers>({ transcript: null, byKey: new Map() });
  // Requests sent for the current parent and not abandoned, so a re-render never asks twice.
  const sent = useRef<{ transcript: ParentTranscript | null; keys: Set<string> }>({ transcript: null, keys: new Set() });

  useEffect(() => {
    if (transcript === null) return;
    if (sent.current.transcript !== transcript) {
      sent.current = { transcript, keys: new Set() };
      setAnswers({ transcript, byKey: new Map() });
    }
    const keys = sent.current.keys;
    const missing = [...new Set(JSON.parse(keysText) as string[])].filter((key) => key !== '' && !keys.has(key));
    const stop = new AbortController();
    const answered = new Set<string>();
    for (const key of missing) {
      keys.add(key);
      const settle = (answer: Answer) => {
        answered.add(key);
        setAnswers((previous) => merge(previous, transcript, key, answer));
      };
      previewFork(transcript, JSON.parse(key) as ForkRequest, stop.signal).then(
        ({ answer }) => settle({ status: 'ok', preview: answer }),
        (error: unknown) => {
          if (!stop.signal.aborted) settle({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        },
      );
    }
    return () => {
      stop.abort();
      // Abandoned before the server answered: the next run asks again if it still wants them.
      for (const key of missing) if (!answered.has(key)) keys.delete(key);
    };
  }, [transcript, keysText]);

  return useMemo(() => {
    const previews = new Map<string, VariantPreview>();
    setup?.variants.forEach((variant, index) => {
      const entry = requests[index]!;
      if ('error' in entry) {
        previews.set(variant.id, { status: 'error', request: null, message: entry.error });
        return;
      }
      const answer = answers.transcript === transcript ? answers.byKey.get(keys[index]!) : undefined;
      if (answer === undefined || transcript === null) previews.set(variant.id, { status: 'loading', request: entry.request });
      else if (answer.status === 'error') previews.set(variant.id, { status: 'error', request: entry.request, message: answer.message });
      else previews.set(variant.id, okPreview(transcript, entry.request, answer.preview));
    });
    return previews;
  }, [setup, requests, answers, transcript, keys]);
}

function merge(previous: Answers, transcript: ParentTranscript, key: string, answer: Answer): Answers {
  if (previous.transcript !== transcript) return previous;
  const byKey = new Map(previous.byKey);
  byKey.set(key, answer);
  return { transcript, byKey };
}

function okPreview(transcript: ParentTranscript, request: ForkRequest, preview: ReadyPreview): VariantPreview {
  const asForked = parentAsForked(transcript, preview);
  const child = preview.plan.child;
  const initial = child === null ? null : { initialMessages: expandChildMessages(child.initialSegments, asForked), firstPrompt: child.firstPrompt };
  const end = request.forkPoint ?? asForked.length;
  return { status: 'ok', request, preview, messages: firstRequestMessages(initial), parentMessages: asForked.slice(0, end) };
}
