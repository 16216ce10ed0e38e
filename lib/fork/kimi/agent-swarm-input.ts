import { z } from 'zod';
import { kimiInputJsonSchema } from './kimi-tool-arguments';

/** The placeholder each item fills, and the most subagents one call may start (`agent-swarm.ts`). */
export const PROMPT_TEMPLATE_PLACEHOLDER = '{{item}}';
export const MAX_AGENT_SWARM_SUBAGENTS = 128;

/**
 * Kimi Code's `AgentSwarm` input, as `features/swarm/tools/agent-swarm/agent-swarm.ts` declares it
 * (descriptions included: they are what the parent model reads). The runtime checks calls against
 * the JSON schema of this, not the zod schema itself, so its trims never apply to a call: the
 * tool trims items, the template and resume entries itself, and never the description.
 */
const agentSwarmInputSchema = z
  .object({
    description: z.string().trim().min(1).describe('Short description for the whole swarm.'),
    subagent_type: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'Subagent type used for every new subagent spawned from items; defaults to coder when omitted. Resumed subagents always keep their original type, so passing subagent_type together with resume_agent_ids is allowed — it only affects the item-based spawns.',
      ),
    prompt_template: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(`Prompt template for each subagent. The ${PROMPT_TEMPLATE_PLACEHOLDER} placeholder is replaced with each item value.`),
    items: z
      .array(z.string().trim().min(1))
      .max(MAX_AGENT_SWARM_SUBAGENTS)
      .optional()
      .describe(`Values used to fill ${PROMPT_TEMPLATE_PLACEHOLDER}. Each item launches one new subagent.`),
    fork: z
      .boolean()
      .optional()
      .describe(
        "Fork the current context for every item-spawned subagent: each starts with a snapshot of this agent's completed conversation history instead of zero context, inheriting this agent's agent type, tool set, and model. A non-empty resume_agent_ids map is rejected. If subagent_type is provided, it must match this agent's type; if model is provided, it must be this agent's model or \"primary\". Different types and model overrides are rejected. Use it only when every item builds on this conversation; keep independent tasks zero-context.",
      ),
    resume_agent_ids: z
      .record(z.string().trim().min(1), z.string().trim().min(1))
      .optional()
      .describe(
        'Map of existing subagent agent_id to the prompt used to resume that subagent. These resumed subagents are launched before new item-based subagents.',
      ),
    model: z
      .string()
      .optional()
      .describe(
        'Which model to run the item-spawned subagents on: one of the aliases listed under "Available models" in this tool description, or "primary" for the main model you are running on (for hard, quality-sensitive tasks). When omitted, the configured default model is used. Resumed subagents always keep their own model.',
      ),
  })
  .strict();

/** The parameters as the code read in August advertised them with the `subagent_fork` flag on, which `fork` needs. */
export const AGENT_SWARM_PARAMETERS = kimiInputJsonSchema(agentSwarmInputSchema);

/**
 * The parameters 2.1 advertises on a default install: the flag on and no secondary model pool, so
 * no `model` (`exposesSubagentModelChoice` strips it), as its requests show.
 */
export const SHIPPED_AGENT_SWARM_PARAMETERS = kimiInputJsonSchema(agentSwarmInputSchema.omit({ model: true }));

/** The call's arguments once they passed the schema check. */
export type AgentSwarmArguments = z.input<typeof agentSwarmInputSchema>;

/**
 * The tool's description with the fork flag on: `agent-swarm.md` (which ends in a newline), two
 * newlines, then `agent-swarm-fork.md`. The list of models the session can pick from is not appended: Fork Lab's
 * parent has no model catalogue.
 */
export const AGENT_SWARM_DESCRIPTION = `Launch multiple subagents from one prompt template, existing agent resumes, or both.

Use AgentSwarm when many subagents should run the same kind of task over different inputs. The placeholder is exactly \`{{item}}\`. For example, with \`prompt_template\` set to \`Review {{item}} for likely regressions.\` and \`items\` set to \`["src/a.ts", "src/b.ts"]\`, AgentSwarm launches two new subagents with those two concrete prompts. For a few differently-shaped tasks, make separate \`Agent\` calls in one message instead.

Use \`resume_agent_ids\` to continue subagents that already exist from earlier work, such as ones that failed or timed out: map each agent id to the prompt for that resumed subagent (usually \`continue\` if no extra information is needed). You may combine \`resume_agent_ids\` with \`items\` in the same call to resume existing subagents and launch new ones. Do not duplicate resumed work in \`items\`.

Each of these is enforced — a violation is rejected before any subagent starts: provide at least 2 \`items\` unless you pass \`resume_agent_ids\`; whenever \`items\` are present, \`prompt_template\` is required and must contain \`{{item}}\`; and the filled-in prompts must be distinct (two items that expand to the same prompt are rejected).

Use enough subagents to keep the work focused and parallel. AgentSwarm supports up to 128 subagents, and launches are queued automatically, so it is safe to split large tasks into many clear, independent items.

If \`AgentSwarm\` is called, that call must be the only tool call in the response.


Context forking: by default, each spawned subagent starts with zero context — brief it through the template. When every item builds on the current conversation, pass \`fork: true\` instead: each item-spawned subagent then starts with a snapshot of your completed history (inheriting your own agent type, tool set, and model), so the template only needs the task itself. A non-empty \`resume_agent_ids\` map is rejected with \`fork\`. If \`subagent_type\` is provided, it must match your own agent type; if \`model\` is provided, it must be your own model or \`primary\`. Different types and model overrides are rejected. Keep \`fork\` off for independent tasks — it copies the full history into every subagent.`;
