'use client';

import { type Refused, startChildRunAction } from '@/app/actions/run-actions';
import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import type { InvalidInput } from '@/lib/fork-service/action-inputs';
import type { FamilyCachePreview, ForkPreview, ParentRegistration, ProviderTokenCount } from '@/lib/fork-service/fork-service';
import type { LaunchAnswer } from '@/lib/fork-service/launch-answer';
import { jsonBodyInSlices } from '@/lib/http/json-body-in-slices';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { fetchFamilyCache, fetchPreview, fetchProviderCount } from './preview-client';

/** A server answer that says the input was refused, with what is wrong. */
export class ForkServiceError extends Error {
  override readonly name = 'ForkServiceError';
}

function failure(answer: InvalidInput): ForkServiceError {
  return new ForkServiceError(`${answer.error} ${answer.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
}

/**
 * Hand the server a parent for planning (`POST /api/parent`). The body is built a slice of messages
 * at a time, so a 50 MB parent goes without stalling the page.
 */
async function postParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  const response = await fetch('/api/parent', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await jsonBodyInSlices('transcript', { ...transcript }, 'messages'),
  });
  if (!response.ok) throw new ForkServiceError(describeHttpError(await readErrorResponse(response)));
  const { status: _, ...registration } = (await response.json()) as { status: 'ok' } & ParentRegistration;
  return registration;
}

// Transcripts in the store are frozen and replaced on every edit, so object identity is content
// identity: one registration per parent revision, and window changes send only the key.
const registrations = new WeakMap<ParentTranscript, Promise<ParentRegistration>>();

export function registerParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  let registration = registrations.get(transcript);
  if (registration === undefined) {
    registration = postParent(transcript);
    registration.catch(() => registrations.delete(transcript));
    registrations.set(transcript, registration);
  }
  return registration;
}

/** The server said it no longer holds this parent: the next call registers it again. */
export function forgetRegistration(transcript: ParentTranscript): void {
  registrations.delete(transcript);
}

/**
 * Remember a registration the server made already (an import registers its parent as it answers),
 * so the first preview of a large imported parent does not send it back.
 */
export function rememberRegistration(transcript: ParentTranscript, registration: ParentRegistration): void {
  registrations.set(transcript, Promise.resolve(registration));
}

/** Call the server with the parent's key, sending the parent again once if the server lost it. */
async function withParent<T extends { status: string }>(
  transcript: ParentTranscript,
  call: (parentKey: string) => Promise<T | InvalidInput>,
): Promise<{ answer: Exclude<T, { status: 'unknown-parent' }>; registration: ParentRegistration }> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const registration = await registerParent(transcript);
    const answer = await call(registration.parentKey);
    if (answer.status === 'invalid') throw failure(answer as InvalidInput);
    if (answer.status !== 'unknown-parent') return { answer: answer as Exclude<T, { status: 'unknown-parent' }>, registration };
    registrations.delete(transcript);
  }
  throw new ForkServiceError('The server could not keep this parent long enough to plan on it. Try again.');
}

/** Forks of a parent sent one after another through each provider's cache (`POST /api/fork/cache-family`). */
export async function familyCache(
  transcript: ParentTranscript,
  requests: readonly ForkRequest[],
  gapSeconds: number,
  signal?: AbortSignal,
  rules: ProviderRules | null = null,
) {
  return withParent<FamilyCachePreview>(transcript, (parentKey) => fetchFamilyCache(parentKey, requests, gapSeconds, signal, rules));
}

/** A function that has Anthropic count the child's first request (its own tokenizer) and answers the count. */
export function anthropicCounter(transcript: ParentTranscript, request: ForkRequest): () => Promise<number> {
  return async () => {
    const { answer } = await withParent<ProviderTokenCount>(transcript, (parentKey) => fetchProviderCount(parentKey, request));
    if (answer.status !== 'ok') throw new ForkServiceError(answer.message);
    return answer.providerTokens;
  };
}

/** `rules`: the workspace's edited provider cache rules, when it has some. */
export async function previewFork(transcript: ParentTranscript, request: ForkRequest, signal?: AbortSignal, rules: ProviderRules | null = null) {
  return withParent<ForkPreview>(transcript, (parentKey) => fetchPreview(parentKey, request, signal, rules));
}

/** Plan a child on the server and start it there; answers once its bootstrap record is written. */
export async function launchChild(
  transcript: ParentTranscript,
  request: ForkRequest,
  child: { childId: string; name: string; modelId: string; sessionId: string; providerRules?: ProviderRules | null },
) {
  const { providerRules, ...launch } = child;
  return withParent<LaunchAnswer | Refused>(transcript, (parentKey) =>
    startChildRunAction({ parentKey, request, ...launch, ...(providerRules == null ? {} : { providerRules }) }),
  );
}
