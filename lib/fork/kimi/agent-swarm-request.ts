import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';
import { KIMI_NOTICE_VARIANTS } from './kimi-fork-request';

export const KIMI_SWARM_POLICY = 'kimi-agent-swarm';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'kimi-agent-swarm': true;
  }
}

/**
 * Kimi Code's `AgentSwarm` call, as the model sends it. The directive is the `prompt_template`
 * (blank means left out); `member` is Fork Lab's choice of which item's child the plan shows, the
 * first when left out.
 */
export const kimiSwarmRequestSchema = z.strictObject({
  policy: z.literal(KIMI_SWARM_POLICY),
  ...forkRequestBase,
  notice: z.enum(KIMI_NOTICE_VARIANTS).optional(),
  member: z.number().int().min(1).optional(),
  /**
   * The call's arguments exactly as the model wrote them, kept only when they hold what the other
   * fields cannot: a `prompt_template` that is not text or is empty, or an argument AgentSwarm does
   * not have. Kimi checks these against its schema before anything else.
   */
  call: z.record(z.string(), z.unknown()).optional(),
  params: z.strictObject({
    description: asSent,
    items: asSent,
    fork: asSent,
    resume_agent_ids: asSent,
    subagent_type: asSent,
    model: asSent,
  }),
});

export type KimiSwarmRequest = z.infer<typeof kimiSwarmRequestSchema>;

/** The call's arguments: as written when kept, else the parameters and the template. */
export function swarmCallArguments(request: KimiSwarmRequest): Record<string, unknown> {
  if (request.call !== undefined) return { ...request.call };
  const args: Record<string, unknown> = Object.fromEntries(Object.entries(request.params).filter(([, value]) => value !== undefined));
  if (request.directive !== '') args.prompt_template = request.directive;
  return args;
}
