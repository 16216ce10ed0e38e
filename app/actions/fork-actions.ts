'use server';

import { type InvalidInput, invalidInput, previewForkInput, registerParentInput } from '@/lib/fork-service/action-inputs';
import { type ForkPreview, type ParentRegistration, previewFork, registerParent } from '@/lib/fork-service/fork-service';

/** Hand the server a parent once; later calls name it by the key this answers. */
export async function registerParentAction(input: unknown): Promise<({ status: 'ok' } & ParentRegistration) | InvalidInput> {
  const parsed = registerParentInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'parent transcript');
  return { status: 'ok', ...(await registerParent(parsed.data.transcript)) };
}

/** The engine's plan for a request on a registered parent, compacted for the browser. */
export async function previewForkAction(input: unknown): Promise<ForkPreview | InvalidInput> {
  const parsed = previewForkInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'fork request');
  return previewFork(parsed.data.parentKey, parsed.data.request);
}
