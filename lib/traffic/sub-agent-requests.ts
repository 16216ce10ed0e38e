import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import { isRecord } from '@/lib/json/is-record';
import type { RequestShape } from '@/lib/wire/request-shape';
import { toolCallsInTurn, turnContent, turnsOf } from '@/lib/wire/tool-calls';
import type { TrafficExchange } from './traffic-exchange';

type Json = Record<string, unknown>;

const isJson = isRecord;

/**
 * Shorter strings of an Agent call's input are its labels (`description`, `subagent_type`); a task
 * a child is started with is a sentence or more, and a short one would match too much.
 */
const TASK_CHARS = 24;

function inputOf(argumentsOrInput: unknown): Json | null {
  if (isJson(argumentsOrInput)) return argumentsOrInput;
  if (typeof argumentsOrInput !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(argumentsOrInput);
    return isJson(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Each tool call a body's history holds, by its name and input, in the body's own shape. */
function toolCallsIn(body: Json, shape: RequestShape): { name: string; input: Json | null }[] {
  return turnsOf(body, shape).flatMap((turn) =>
    isJson(turn) ? toolCallsInTurn(turn, shape).map((call) => ({ name: call.name, input: inputOf(call.input) })) : [],
  );
}

/** The text of a turn a person or a runtime wrote (the user's), leaving out tool results: a parent's result holds the child's words, not its task. */
function userTextOf(turn: unknown, shape: RequestShape): string {
  if (!isJson(turn) || turn.role !== 'user') return '';
  const content = turnContent(turn, shape);
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      !isJson(part) ? '' : typeof part.text === 'string' && (part.type === undefined || part.type === 'text' || part.type === 'input_text') ? part.text : '',
    )
    .join('\n');
}

/**
 * The requests of a log a sub-agent sent: those with a user turn that carries the task of an Agent
 * call (Claude Code's `Task`, Codex's `spawn_agent`, Qwen's `agent`…) some request of the log
 * holds. A child starts with its task as a user message, whatever else it inherits; the parent
 * holds the call itself and, after it, only the child's result.
 */
export function subAgentRequests(requests: readonly { exchange: TrafficExchange; shape: RequestShape }[]): ReadonlySet<TrafficExchange> {
  const tasks = new Set<string>();
  for (const { exchange, shape } of requests)
    for (const call of toolCallsIn(exchange.body, shape)) {
      if (!AGENT_TOOL_NAMES.has(call.name) || call.input === null) continue;
      for (const value of Object.values(call.input)) if (typeof value === 'string' && value.trim().length >= TASK_CHARS) tasks.add(value.trim());
    }
  const found = new Set<TrafficExchange>();
  if (tasks.size === 0) return found;
  // Each request repeats the history before it: a turn's text is searched once, however many requests hold it.
  const searched = new Map<string, boolean>();
  const carriesTask = (text: string) => {
    let carries = searched.get(text);
    if (carries === undefined) {
      carries = text.length >= TASK_CHARS && [...tasks].some((task) => text.includes(task));
      searched.set(text, carries);
    }
    return carries;
  };
  for (const { exchange, shape } of requests) if (turnsOf(exchange.body, shape).some((turn) => carriesTask(userTextOf(turn, shape)))) found.add(exchange);
  return found;
}
