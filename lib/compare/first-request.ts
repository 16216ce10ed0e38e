import type { ChildMessage, ForkPlan } from '@/lib/fork';

/** The messages of the child's first request: its initial messages, then the first prompt (none without a child). */
export function firstRequestMessages(child: Pick<NonNullable<ForkPlan['child']>, 'initialMessages' | 'firstPrompt'> | null): ChildMessage[] {
  return child === null ? [] : [...child.initialMessages, child.firstPrompt];
}
