import type { ForkPolicy, ForkRequest, KimiNoticeVariant, ToolDeclaration } from '@/lib/fork';

/**
 * The Agent tool as each runtime declares it to its model. Parameter names and types are the
 * runtime's own, so a model (or a person) calls it the way it would there, and invalid values
 * come back as that runtime's errors.
 */
export const AGENT_TOOL_DECLARATIONS: Record<ForkPolicy, ToolDeclaration> = {
  'qwen-fork-turns': {
    name: 'agent',
    description:
      'Launch a subagent. With subagent_type "fork", a copy of you that inherits your conversation (fork_turns: "all" or the last N user turns) runs the prompt in the background.',
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string' },
        prompt: { type: 'string' },
        subagent_type: { type: 'string' },
        fork_turns: { type: 'string' },
        name: { type: 'string' },
      },
      required: ['prompt'],
    },
  },
  'kimi-fork': {
    name: 'agent',
    description: 'Start a subagent. fork: true starts a copy of you with your whole history; resume continues an existing agent.',
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string' },
        prompt: { type: 'string' },
        subagent_type: { type: 'string' },
        fork: { type: 'boolean' },
        resume: { type: 'string' },
        model: { type: 'string' },
      },
      required: ['prompt'],
    },
  },
  'deepseek-completed-turns': {
    name: 'agent',
    description: 'Delegate a task to a child agent that inherits your completed turns.',
    inputSchema: {
      type: 'object',
      properties: {
        prompt: { type: 'string' },
        persona: { type: 'string' },
        tools: { type: 'array', items: { type: 'string' } },
        max_depth: { type: 'integer' },
      },
      required: ['prompt'],
    },
  },
};

/** The fork request an Agent call makes: its values passed through as the model wrote them. */
export function forkRequestFromCall(policy: ForkPolicy, input: unknown, notice?: KimiNoticeVariant): ForkRequest {
  const args = (input !== null && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const directive = typeof args.prompt === 'string' ? args.prompt : '';
  const pick = (keys: string[]) => Object.fromEntries(keys.filter((key) => key in args).map((key) => [key, args[key]]));
  switch (policy) {
    case 'qwen-fork-turns':
      return { policy, directive, params: pick(['subagent_type', 'fork_turns', 'name']) };
    case 'kimi-fork':
      return { policy, directive, params: pick(['fork', 'resume', 'subagent_type', 'model']), ...(notice ? { notice } : {}) };
    case 'deepseek-completed-turns':
      return {
        policy,
        directive,
        params: {
          ...('persona' in args ? { persona: args.persona } : {}),
          ...('tools' in args ? { toolFilter: args.tools } : {}),
          ...('max_depth' in args ? { maxDepth: args.max_depth } : {}),
        },
      };
  }
}
