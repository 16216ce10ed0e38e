import type { ForkParameterError, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import type { ForkPolicy } from '../runtimes';

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

/** Fork Lab's own check, after the runtime's: a child with a blank task has nothing to do. */
export function blankDirectiveError(directive: string): ForkParameterError | null {
  if (directive.trim() !== '') return null;
  return {
    parameter: 'directive',
    code: 'directive_blank',
    message: 'The directive (the task for the child) must not be blank: say what the child should do.',
  };
}
