'use server';

import type { ParentTranscript } from '@/lib/fork';
import {
  invalidInput,
  launchChildInput,
  previewForkInput,
  registerParentInput,
  type InvalidInput,
} from '@/lib/fork-service/action-inputs';
import {
  launchChild,
  previewFork,
  registerParent,
  type ChildLaunch,
  type ForkPreview,
  type ParentRegistration,
} from '@/lib/fork-service/fork-service';
import type { ForkRequest } from '@/lib/fork';

/** Hand the server a parent once; later calls name it by the key this answers. */
export async function registerParentAction(input: unknown): Promise<({ status: 'ok' } & ParentRegistration) | InvalidInput> {
  const parsed = registerParentInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'parent transcript');
  return { status: 'ok', ...(await registerParent(parsed.data.transcript as ParentTranscript)) };
}

/** The engine's plan for a request on a registered parent, compacted for the browser. */
export async function previewForkAction(input: unknown): Promise<ForkPreview | InvalidInput> {
  const parsed = previewForkInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'fork request');
  return previewFork(parsed.data.parentKey, parsed.data.request as ForkRequest);
}

/** Plan a child for keeps: the full plan, its token counts and (for Qwen forks) its bootstrap record. */
export async function launchChildAction(input: unknown): Promise<ChildLaunch | InvalidInput> {
  const parsed = launchChildInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'launch request');
  return launchChild(parsed.data.parentKey, parsed.data.request as ForkRequest, parsed.data.childId);
}
