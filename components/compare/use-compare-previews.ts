'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { previewFork } from '@/components/playground/fork-client';
import type { ReadyPreview } from '@/components/playground/use-fork-preview';
import { useForecastRules } from '@/components/preview/provider-rules-editor';
import { type CompareSetup, variantRequest } from '@/lib/compare/compare-setup';
import { firstRequestMessages } from '@/lib/compare/first-request';
import type { ChildMessage, ForkRequest, ParentTranscript, TranscriptMessage } from '@/lib/fork';
import { expandChildMessages } from '@/lib/fork-exchange/compact-plan';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';

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
  // A key names the request and the workspace's cache rules it is forecast under.
  const rules = useForecastRules();
  const keys = useMemo(() => requests.map((entry) => ('request' in entry ? JSON.stringify([entry.request, rules]) : '')), [requests, rules]);
  const keysText = JSON.stringify(keys);
  const [answers, setAnswers] = useState<Answers>({ transcript: null, byKey: new Map() });
  // Requests in flight for the current parent, each abortable on its own: editing one variant
  // leaves the others' requests alone, and a request no variant wants any more is dropped.
  // The answers as last rendered, read (not followed) by the effect: an answer arriving asks nothing.
  const latest = useRef(answers);
  latest.current = answers;
  const inFlight = useRef<{ transcript: ParentTranscript | null; byKey: Map<string, AbortController> }>({ transcript: null, byKey: new Map() });

  useEffect(() => {
    if (transcript === null) return;
    const flights = inFlight.current;
    if (flights.transcript !== transcript) {
      for (const controller of flights.byKey.values()) controller.abort();
      inFlight.current = { transcript, byKey: new Map() };
    }
    const wanted = new Set((JSON.parse(keysText) as string[]).filter((key) => key !== ''));
    const running = inFlight.current.byKey;
    for (const [key, controller] of running) {
      if (!wanted.has(key)) {
        controller.abort();
        running.delete(key);
      }
    }
    // Keep only the answers some variant still shows (a directive typed letter by letter would
    // otherwise keep a plan per letter); an error is dropped too, so it is asked again.
    setAnswers((previous) => {
      if (previous.transcript !== transcript) return { transcript, byKey: new Map() };
      const byKey = new Map([...previous.byKey].filter(([key, answer]) => wanted.has(key) && answer.status === 'ok'));
      return byKey.size === previous.byKey.size ? previous : { transcript, byKey };
    });
    for (const key of wanted) {
      const known = latest.current;
      if (running.has(key) || (known.transcript === transcript && known.byKey.get(key)?.status === 'ok')) continue;
      const controller = new AbortController();
      running.set(key, controller);
      const settle = (answer: Answer) => {
        if (running.get(key) === controller) running.delete(key);
        setAnswers((previous) => merge(previous, transcript, key, answer));
      };
      const [request, keyRules] = JSON.parse(key) as [ForkRequest, ProviderRules | null];
      previewFork(transcript, request, controller.signal, keyRules).then(
        ({ answer }) => settle({ status: 'ok', preview: answer }),
        (error: unknown) => {
          if (!controller.signal.aborted) settle({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        },
      );
    }
  }, [transcript, keysText]);

  // Leaving the view abandons whatever is still being planned.
  useEffect(
    () => () => {
      for (const controller of inFlight.current.byKey.values()) controller.abort();
    },
    [],
  );

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
      else previews.set(variant.id, expanded(transcript, entry.request, answer.preview));
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

// Each answer is read back into the child's request once: a variant's answer arriving must not
// expand the seven that were already there (10,000 messages each on a large parent).
const expansions = new WeakMap<ReadyPreview, { transcript: ParentTranscript; preview: VariantPreview }>();

function expanded(transcript: ParentTranscript, request: ForkRequest, preview: ReadyPreview): VariantPreview {
  const known = expansions.get(preview);
  if (known !== undefined && known.transcript === transcript) return known.preview;
  const made = okPreview(transcript, request, preview);
  expansions.set(preview, { transcript, preview: made });
  return made;
}

function okPreview(transcript: ParentTranscript, request: ForkRequest, preview: ReadyPreview): VariantPreview {
  const asForked = parentAsForked(transcript, preview);
  const child = preview.plan.child;
  const initial = child === null ? null : { initialMessages: expandChildMessages(child.initialSegments, asForked), firstPrompt: child.firstPrompt };
  // Where the plan forked: a call in flight moves it back to the end of the call's message.
  const end = preview.plan.window?.end ?? request.forkPoint ?? asForked.length;
  return { status: 'ok', request, preview, messages: firstRequestMessages(initial), parentMessages: asForked.slice(0, end) };
}
