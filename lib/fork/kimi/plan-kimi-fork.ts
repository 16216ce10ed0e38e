import type { ForkPlan } from '../fork-plan';
import { blankDirectiveWarning, freshPlan, rejectedPlan } from '../planning/refused-plans';
import type { ParentTranscript } from '../transcript/transcript';
import type { KimiForkRequest } from './kimi-fork-request';
import { planKimiSnapshot } from './kimi-snapshot-plan';
import { validateKimiFork } from './validate-kimi-fork';

const POLICY = 'kimi-fork';

/** Plan a Kimi Code fork (`fork: true`): a closed snapshot of the caller's whole history. */
export function planKimiFork(parent: ParentTranscript, request: KimiForkRequest, end: number): ForkPlan {
  const validation = validateKimiFork(request, parent.profile);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], parent.messages.length);
  if (validation.mode === 'fresh') return freshPlan(POLICY, validation.why, parent.messages.length);
  const plan = planKimiSnapshot({
    policy: POLICY,
    parent,
    end,
    task: request.directive,
    notice: request.notice,
    mechanism: 'fork: true',
    runtimeVersion: request.runtimeVersion,
  });
  // Kimi's schema takes any string as the prompt (`SubagentToolInputSchema`), so a blank task forks.
  return { ...plan, warnings: blankDirectiveWarning(request.directive, 'Kimi Code') };
}
