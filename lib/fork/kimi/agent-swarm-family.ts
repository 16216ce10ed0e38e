import type { FamilyMember } from '../fork-plan';
import type { FamilyOutcome } from '../runtime';
import type { SwarmItemSpec } from './agent-swarm-specs';

/**
 * Kimi starts a swarm's first five children at once, then one every 700 ms while no provider rate
 * limit or concurrency cap holds it back (`INITIAL_LAUNCH_LIMIT`, `INITIAL_LAUNCH_INTERVAL_MS` in
 * `features/swarm/session/agentRunBatch.ts`). Each child's snapshot is taken at its own launch; the
 * caller waits on its swarm call meanwhile, so every snapshot is the same history.
 */
const INITIAL_LAUNCH_LIMIT = 5;
const INITIAL_LAUNCH_INTERVAL_MS = 700;

export function launchAfterMs(position: number): number {
  return position < INITIAL_LAUNCH_LIMIT ? 0 : (position - INITIAL_LAUNCH_LIMIT + 1) * INITIAL_LAUNCH_INTERVAL_MS;
}

/** The members of a forked swarm, named as Kimi names them (`childDescription`). */
export function swarmMembers(description: string, profileName: string, specs: readonly SwarmItemSpec[]): FamilyMember[] {
  return specs.map((spec, position) => ({
    index: spec.index,
    name: `${description} #${spec.index} (${profileName})`,
    label: spec.item,
    task: spec.prompt,
    launchAfterMs: launchAfterMs(position),
  }));
}

function escapeXmlAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * What Kimi says of a child the user interrupted while it ran (`finishWithUserCancellation` in
 * `agentRunBatch.ts`: the batch's own abort listener ends it before the child's attempt can).
 */
export const SWARM_ABORTED_ERROR = 'The user manually interrupted this subagent batch before this subagent finished.';

const RESUME_HINT = '<resume_hint>Call AgentSwarm with resume_agent_ids using the agent_id values in this result to continue unfinished work.</resume_hint>';

/**
 * The swarm call's result once every child has ended (`renderSwarmResults`): a summary of how many
 * completed, failed or were aborted, a hint to resume when any did not complete, then one
 * `<subagent>` element per child in launch order, its body the result or the error. A child the
 * person stopped reads as Kimi's user interruption; one whose launch failed has no id and did not start.
 */
export function renderSwarmResults(outcomes: readonly FamilyOutcome[]): string {
  const count = (status: FamilyOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const summary = [
    ['completed', count('completed')],
    ['failed', count('failed')],
    ['aborted', count('aborted')],
  ]
    .filter(([, n]) => (n as number) > 0)
    .map(([label, n]) => `${label}: ${n}`)
    .join(', ');
  const lines = ['<agent_swarm_result>', `<summary>${summary}</summary>`];
  if (outcomes.some((outcome) => outcome.status !== 'completed') && outcomes.some((outcome) => outcome.agentId !== undefined)) lines.push(RESUME_HINT);
  for (const outcome of outcomes) {
    const agentId = outcome.agentId === undefined ? '' : ` agent_id="${outcome.agentId}"`;
    // Only a child that did not complete carries `state`: whether it had started.
    const state = outcome.status === 'completed' ? '' : ` state="${outcome.agentId === undefined ? 'not_started' : 'started'}"`;
    const body =
      outcome.status === 'completed' ? (outcome.result ?? '') : outcome.status === 'aborted' ? SWARM_ABORTED_ERROR : (outcome.error ?? 'unknown error');
    lines.push(`<subagent${agentId} item="${escapeXmlAttribute(outcome.member.label)}"${state} outcome="${outcome.status}">${body}</subagent>`);
  }
  lines.push('</agent_swarm_result>');
  return lines.join('\n');
}
