import { MAX_AGENT_SWARM_SUBAGENTS, PROMPT_TEMPLATE_PLACEHOLDER } from './agent-swarm-input';

/** One child an AgentSwarm call starts from an item. */
export interface SwarmItemSpec {
  /** 1-based, counted after the resumed agents, which launch first. */
  index: number;
  /** The item, trimmed. */
  item: string;
  /** The template with every placeholder replaced by the item. */
  prompt: string;
}

export type SwarmSpecs = { ok: true; specs: SwarmItemSpec[]; resumed: number } | { ok: false; parameter: string; code: string; message: string };

function trimmedOrUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * `createAgentSwarmSpecs` (`features/swarm/tools/agent-swarm/agentSwarmTool.ts`), in its order and
 * words, for arguments that passed the schema. The schema check does not trim, so the tool trims
 * items, the template and resume entries here; an item of spaces passes the schema and fills the
 * template with nothing.
 */
export function agentSwarmSpecs(args: { items?: string[]; prompt_template?: string; resume_agent_ids?: Record<string, string> }): SwarmSpecs {
  const resumed = Object.keys(args.resume_agent_ids ?? {}).length;
  const items = (args.items ?? []).map((item) => item.trim());
  if (resumed === 0 && items.length < 2) {
    return { ok: false, parameter: 'items', code: 'too_few_items', message: 'AgentSwarm requires at least 2 items unless resume_agent_ids is provided.' };
  }
  if (resumed + items.length > MAX_AGENT_SWARM_SUBAGENTS) {
    return { ok: false, parameter: 'items', code: 'too_many_subagents', message: `AgentSwarm supports at most ${MAX_AGENT_SWARM_SUBAGENTS} subagents.` };
  }
  const template = trimmedOrUndefined(args.prompt_template);
  if (items.length > 0 && template === undefined) {
    return { ok: false, parameter: 'prompt_template', code: 'template_required', message: 'prompt_template is required when items are provided.' };
  }
  if (template !== undefined && !template.includes(PROMPT_TEMPLATE_PLACEHOLDER)) {
    return {
      ok: false,
      parameter: 'prompt_template',
      code: 'template_placeholder',
      message: `prompt_template must include the ${PROMPT_TEMPLATE_PLACEHOLDER} placeholder.`,
    };
  }
  const seen = new Map<string, number>();
  const specs: SwarmItemSpec[] = [];
  for (const [position, item] of items.entries()) {
    const prompt = template!.split(PROMPT_TEMPLATE_PLACEHOLDER).join(item);
    const previous = seen.get(prompt);
    if (previous !== undefined) {
      return {
        ok: false,
        parameter: 'items',
        code: 'duplicate_prompts',
        message: `Duplicate subagent prompts from items ${previous} and ${position + 1}. AgentSwarm requires distinct subagents.`,
      };
    }
    seen.set(prompt, position + 1);
    specs.push({ index: resumed + position + 1, item, prompt });
  }
  return { ok: true, specs, resumed };
}
