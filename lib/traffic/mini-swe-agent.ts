import { z } from 'zod';
import { readUsage } from '@/lib/wire/reported-usage';
import type { TrafficExchange, TrafficLog } from './traffic-exchange';

/**
 * A mini-swe-agent trajectory (github.com/SWE-agent/mini-swe-agent, `*.traj.json`): the whole
 * conversation, each answer carrying the provider's raw response in `extra.response`. Every
 * answer is one request: the messages before it, as LiteLLM sent them.
 */
const trajectory = z.object({
  trajectory_format: z.string().startsWith('mini-swe-agent'),
  info: z
    .object({ config: z.object({ model: z.object({ model_name: z.string() }).partial() }).partial() })
    .partial()
    .optional(),
  messages: z.array(
    z
      .object({
        role: z.string(),
        content: z.unknown().optional(),
        tool_calls: z.unknown().optional(),
        tool_call_id: z.string().nullish(),
        name: z.string().nullish(),
        extra: z.object({ response: z.object({ created: z.number(), model: z.string().optional(), usage: z.unknown() }).optional() }).nullish(),
      })
      .loose(),
  ),
});

type TrajectoryMessage = z.infer<typeof trajectory>['messages'][number];

/**
 * Where LiteLLM sends a Chat Completions call, by the provider prefix of its model name
 * (`deepseek/deepseek-chat`). Only providers whose Chat Completions endpoint is their own.
 */
const CHAT_ENDPOINTS: Record<string, string> = {
  deepseek: 'https://api.deepseek.com/chat/completions',
  openai: 'https://api.openai.com/v1/chat/completions',
};

/** A message as the API received it: LiteLLM's bookkeeping and the agent's own notes are not sent. */
function sent(message: TrajectoryMessage): Record<string, unknown> {
  const { role, content, tool_calls, tool_call_id, name } = message;
  return {
    role,
    content: content ?? null,
    ...(Array.isArray(tool_calls) && tool_calls.length > 0 ? { tool_calls } : {}),
    ...(typeof tool_call_id === 'string' ? { tool_call_id } : {}),
    ...(typeof name === 'string' ? { name } : {}),
  };
}

/** The model requests of a mini-swe-agent trajectory, in order, each with the usage its answer reported. `source` names the file. */
export function readMiniSweTrajectory(text: string, source = ''): TrafficLog {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { exchanges: [], problems: [{ line: 1, message: 'not JSON' }] };
  }
  const parsed = trajectory.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      exchanges: [],
      problems: [{ line: 1, message: `not a mini-swe-agent trajectory: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() }],
    };
  }
  const modelName = parsed.data.info?.config?.model?.model_name ?? '';
  const prefix = modelName.includes('/') ? modelName.slice(0, modelName.indexOf('/')) : '';
  const url = CHAT_ENDPOINTS[prefix];
  if (url === undefined) {
    return {
      exchanges: [],
      problems: [{ line: 1, message: `model ${JSON.stringify(modelName)}: only ${Object.keys(CHAT_ENDPOINTS).join(' and ')} Chat Completions calls are read` }],
    };
  }
  const exchanges: TrafficExchange[] = [];
  const { messages } = parsed.data;
  messages.forEach((message, at) => {
    const response = message.extra?.response;
    if (message.role !== 'assistant' || response === undefined) return;
    const model = response.model ?? modelName.slice(prefix.length + 1);
    exchanges.push({
      source,
      index: exchanges.length,
      // The answer's creation time, in whole seconds: the only clock the trajectory keeps.
      atMs: response.created * 1000,
      url,
      body: { model, messages: messages.slice(0, at).map(sent) },
      model,
      usage: readUsage({ usage: response.usage }),
    });
  });
  return { exchanges, problems: [] };
}
