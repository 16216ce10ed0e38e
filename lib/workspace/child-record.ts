import { deepFreeze, type ForkPlan, type ParentTranscript } from '@/lib/fork';
import { contentHash } from '@/lib/json/content-hash';
import { ITEMS_PER_SLICE } from '@/lib/json/json-slices';
import { yieldToEventLoop } from '@/lib/slicing/yield-to-event-loop';
import type { ChildRecord } from './workspace';

/**
 * Deep-freeze a child's messages a slice at a time. The store freezes what it takes, and a child
 * of a 10,000-message parent frozen there in one go held the page for about 190 ms; the store
 * skips what is frozen already, so it then freezes only the record around them.
 */
async function freezeInSlices(items: readonly unknown[]): Promise<void> {
  for (let start = 0; start < items.length; start += ITEMS_PER_SLICE) {
    for (const item of items.slice(start, start + ITEMS_PER_SLICE)) deepFreeze(item);
    // After the last slice too: the store's update and the render it starts get a task of their own.
    await yieldToEventLoop();
  }
}

/**
 * A launched child as the store keeps it, with the hashes its isolation check compares later:
 * the parent exactly as it was forked, and the history the child inherited. Its messages come back
 * frozen, ready for the store.
 */
export async function newChildRecord(
  child: Omit<ChildRecord, 'plan' | 'ownMessages' | 'forkedAt' | 'inheritedHash'> & { plan: ForkPlan },
  forkedFrom: { transcript: ParentTranscript; revision: number },
): Promise<ChildRecord> {
  const plan = child.plan as ChildRecord['plan'];
  const record: ChildRecord = {
    ...child,
    plan,
    ownMessages: [],
    forkedAt: { revision: forkedFrom.revision, parentHash: await contentHash(forkedFrom.transcript), messages: forkedFrom.transcript.messages.length },
    inheritedHash: await contentHash([...plan.child.initialMessages, plan.child.firstPrompt]),
  };
  await freezeInSlices(plan.child.initialMessages);
  await freezeInSlices(child.bootstrap?.initialMessages ?? []);
  return record;
}
