import type { CallOutcome, DeliveryContext } from '../runtime';
import { isShippedKimi } from './kimi-versions';
import { kimiCallerType } from './validate-kimi-fork';

/**
 * The line 2.1 puts first in every Agent and AgentSwarm result, refusals included
 * (`renderToolResultForModel`, for the tools in `WALL_TIME_TOOL_NAMES`): how long the call took.
 */
export function wallTime(seconds: number): string {
  return `Wall time: ${seconds.toFixed(3)} seconds`;
}

const WALL_TIME = /^Wall time: \d+\.\d{3} seconds\n/;

/** A result 2.1 sent, its wall time written as Fork Lab writes a refusal's (it varies run to run). */
export function kimiSteadyAnswer(text: string): string {
  return text.replace(WALL_TIME, `${wallTime(0)}\n`);
}

/** `resumeHint` in agent-core-v2: how the parent may continue the child. */
function resumeHint(agentId: string, prompt: string): string {
  return `resume_hint: Continue with Agent(resume="${agentId}", prompt="${prompt}"). Use agent_id only; do not set subagent_type. The subagent retains its prior context; redo any unfinished tool call if its result was lost.`;
}

/**
 * A foreground child's result as 2.1 answers its Agent call (`formatForegroundAgentSuccess`): the
 * wall time, the agent's id and type, how it stopped, the child's final text as its summary, then
 * how to resume it. The code read in August answered with the final text alone.
 */
export function renderKimiCallResult(outcome: CallOutcome): string {
  if (!isShippedKimi(outcome.runtimeVersion)) return outcome.result;
  return [
    `${wallTime(outcome.seconds ?? 0)}\nagent_id: ${outcome.agentId}`,
    `actual_subagent_type: ${kimiCallerType(outcome.caller, outcome.runtimeVersion)}`,
    'status: completed',
    'stop_reason: completed',
    '',
    '[summary]',
    outcome.result,
    '',
    resumeHint(outcome.agentId, '...'),
  ].join('\n');
}

/** 2.1's wall time in front of a swarm's result. */
export function withWallTime(text: string, context: DeliveryContext | undefined): string {
  return isShippedKimi(context?.runtimeVersion) ? `${wallTime(context?.seconds ?? 0)}\n${text}` : text;
}
