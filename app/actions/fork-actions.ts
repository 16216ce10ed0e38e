'use server';

import { type InvalidInput, invalidInput, registerParentInput } from '@/lib/fork-service/action-inputs';
import { type ParentRegistration, registerParent } from '@/lib/fork-service/fork-service';

/** Hand the server a parent once; later calls name it by the key this answers. */
export async function registerParentAction(input: unknown): Promise<({ status: 'ok' } & ParentRegistration) | InvalidInput> {
  const parsed = registerParentInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'parent transcript');
  return { status: 'ok', ...(await registerParent(parsed.data.transcript)) };
}
