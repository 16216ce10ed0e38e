import type { ForkParameterError, ForkPlan } from '../fork-plan';
import type { ForkPolicy } from '../fork-policy';
import { ParentRangeBuilder } from '../parent-ranges';

/** A plan for a request the runtime rejects: the errors, and every parent message excluded. */
export function rejectedPlan(policy: ForkPolicy, errors: ForkParameterError[], parentLength: number): ForkPlan {
  const ranges = new ParentRangeBuilder().add(0, parentLength, 'excluded', 'request-rejected', 'the runtime rejects this request, so no child starts');
  return { policy, mode: 'fork', errors, child: null, parent: ranges.ranges, window: null, cache: null, warnings: [] };
}

/** A plan for a regular subagent or teammate: it starts with no parent history. */
export function freshPlan(policy: ForkPolicy, why: string, parentLength: number): ForkPlan {
  const ranges = new ParentRangeBuilder().add(
    0,
    parentLength,
    'excluded',
    'not-a-fork',
    `not a fork (${why}): a regular subagent starts with no parent history`,
  );
  return {
    policy,
    mode: 'fresh',
    errors: [],
    child: null,
    freshReason: why,
    parent: ranges.ranges,
    window: null,
    cache: null,
    warnings: [],
  };
}

/**
 * For a runtime that accepts a blank task (Kimi Code's and DeepSeek Harness's prompt is any
 * string), the child starts anyway: no tool error, since the parent model must see what the
 * runtime answers, but a person looking at the plan should know the child has nothing to do.
 */
export function blankDirectiveWarning(directive: string, runtimeName: string): string[] {
  if (directive.trim() !== '') return [];
  return [`The directive (the task for the child) is blank. ${runtimeName} accepts a blank prompt, so the child starts with nothing to do.`];
}
