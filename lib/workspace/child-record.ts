import type { ForkPlan, ParentTranscript } from '@/lib/fork';
import { contentHash } from '@/lib/isolation/content-hash';
import type { ChildRecord } from './workspace';

/**
 * A launched child as the store keeps it, with the hashes its isolation check compares later:
 * the parent exactly as it was forked, and the history the child inherited.
 */
export async function newChildRecord(
  child: Omit<ChildRecord, 'plan' | 'ownMessages' | 'forkedAt' | 'inheritedHash'> & { plan: ForkPlan },
  forkedFrom: { transcript: ParentTranscript; revision: number },
): Promise<ChildRecord> {
  const plan = child.plan as ChildRecord['plan'];
  return {
    ...child,
    plan,
    ownMessages: [],
    forkedAt: { revision: forkedFrom.revision, parentHash: await contentHash(forkedFrom.transcript), messages: forkedFrom.transcript.messages.length },
    inheritedHash: await contentHash([...plan.child.initialMessages, plan.child.firstPrompt]),
  };
}
