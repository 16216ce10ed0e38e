'use client';

import { type Refused, startChildRunAction } from '@/app/actions/run-actions';
import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import type { FamilyCachePreview, ForkPreview, ParentRegistration, ProviderTokenCount } from '@/lib/fork-exchange/answers';
import type { InvalidInput } from '@/lib/fork-exchange/inputs';
import type { LaunchAnswer } from '@/lib/fork-exchange/launch-answer';
import { jsonBodyInSlices } from '@/lib/http/json-body-in-slices';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { historyNotes } from '@/lib/workspace/browser-workspace';
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

/**
 * The registration is also kept in the browser's store beside the parent: after a reload the
 * server most likely still holds it (it keeps parents by content), and sending a 70,000-message
 * parent again was 3 s of the reload (1 s building the body, 2 s the server hashing and counting).
 * Where the server lost it, the first call says so and the parent is sent as before.
 */
const REGISTRATION_NOTE = 'registration';

/**
 * Parents whose kept registration the server refused, with the note's removal: the next
 * registration sends the parent, and keeps the new note only once the old one is gone.
 */
const refusedNotes = new WeakMap<ParentTranscript, Promise<void>>();

async function registrationFor(transcript: ParentTranscript): Promise<ParentRegistration> {
  const kept = refusedNotes.has(transcript) ? null : keptRegistration(await historyNotes.read(transcript, REGISTRATION_NOTE), transcript);
  if (kept !== null) return kept;
  const registration = await postParent(transcript);
  void (refusedNotes.get(transcript) ?? Promise.resolve()).then(() => historyNotes.keep(transcript, REGISTRATION_NOTE, registration));
  return registration;
}

/** A kept note as a registration of this parent, or null when it is not one (or not this parent's). */
function keptRegistration(note: unknown, transcript: ParentTranscript): ParentRegistration | null {
  const kept = note as Partial<ParentRegistration> | null | undefined;
  const length = transcript.messages.length;
  return typeof kept?.parentKey === 'string' &&
    Array.isArray(kept.messageTokens) &&
    kept.messageTokens.length === length &&
    Array.isArray(kept.classifications) &&
    kept.classifications.length === length
    ? { parentKey: kept.parentKey, messageTokens: kept.messageTokens, classifications: kept.classifications }
    : null;
}

export function registerParent(transcript: ParentTranscript): Promise<ParentRegistration> {
  let registration = registrations.get(transcript);
  if (registration === undefined) {
    registration = registrationFor(transcript);
    registration.catch(() => registrations.delete(transcript));
    registrations.set(transcript, registration);
  }
  return registration;
}

/** The server said it no longer holds this parent: the next call registers it again. */
export function forgetRegistration(transcript: ParentTranscript): void {
  registrations.delete(transcript);
  refusedNotes.set(transcript, historyNotes.drop(transcript, REGISTRATION_NOTE));
}

/**
 * Remember a registration the server made already (an import registers its parent as it answers),
 * so the first preview of a large imported parent does not send it back, nor does a reload.
 */
export function rememberRegistration(transcript: ParentTranscript, registration: ParentRegistration): void {
  registrations.set(transcript, Promise.resolve(registration));
  void historyNotes.keep(transcript, REGISTRATION_NOTE, registration);
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
    forgetRegistration(transcript);
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
