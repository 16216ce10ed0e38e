import { isRecord } from '@/lib/json/is-record';
import { messagesUsageFigures } from '@/lib/wire/anthropic-messages/messages-usage';

/** What one agent of a session asked its provider for, summed over its requests. */
export interface AgentUsage {
  /** 'parent', or the sub-agent's id (its `agentId`, else the uuid its sidechain starts at). */
  agent: string;
  sidechain: boolean;
  /** The parent, or the first words of the prompt the sub-agent was given. */
  label: string;
  /** The model of its last request. */
  model: string | null;
  /** Requests counted once each, however many lines the CLI wrote for one answer. */
  requests: number;
  /** Input tokens read from the cache, written to it and neither, and output tokens, as the provider reported them. */
  usage: { cachedTokens: number; writtenTokens: number; uncachedTokens: number; outputTokens: number };
}

/** A session line as this reads it. */
export interface UsageLine {
  record: Record<string, unknown>;
  type: string;
  uuid?: string;
  parentUuid?: string | null;
}

const LABEL_CHARS = 80;
function promptText(record: Record<string, unknown>): string {
  const content = isRecord(record.message) ? record.message.content : undefined;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join(' ')
        : '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_CHARS ? `${flat.slice(0, LABEL_CHARS - 1)}…` : flat;
}

/**
 * The usage of each agent of a Claude Code session: the parent's lines and each sub-agent's
 * sidechain apart. A sub-agent is its `agentId` where the CLI writes one, else the chain of
 * sidechain lines back to the first (older CLIs keep every sidechain in the parent's file under
 * one session id). The CLI writes a line per content block of one answer, each with the answer's
 * usage: an answer counts once, by its message id. Summing lines, or skipping sidechains, is how a
 * usage tool gets a session's cost wrong.
 */
export function claudeCodeAgentUsage(lines: readonly UsageLine[]): AgentUsage[] {
  const byUuid = new Map(lines.filter((line) => line.uuid !== undefined).map((line) => [line.uuid!, line]));
  const rootOf = new Map<string, string>();
  const sidechainRoot = (line: UsageLine): string => {
    // Iterative, with the answers remembered: a long sidechain is walked once, not once per line.
    const path: string[] = [];
    let current: UsageLine | undefined = line;
    let root = line.uuid ?? '';
    while (current?.uuid !== undefined) {
      const known = rootOf.get(current.uuid);
      if (known !== undefined) {
        root = known;
        break;
      }
      path.push(current.uuid);
      root = current.uuid;
      const parent: UsageLine | undefined = typeof current.parentUuid === 'string' ? byUuid.get(current.parentUuid) : undefined;
      if (parent === undefined || parent.record.isSidechain !== true || path.length > lines.length) break;
      current = parent;
    }
    for (const uuid of path) rootOf.set(uuid, root);
    return root;
  };

  const agents = new Map<string, AgentUsage & { answers: Map<string, Record<string, unknown>> }>();
  for (const line of lines) {
    const sidechain = line.record.isSidechain === true;
    const agent = !sidechain ? 'parent' : typeof line.record.agentId === 'string' ? line.record.agentId : sidechainRoot(line);
    let entry = agents.get(agent);
    if (entry === undefined) {
      entry = {
        agent,
        sidechain,
        label: sidechain ? '' : 'Parent',
        model: null,
        requests: 0,
        usage: { cachedTokens: 0, writtenTokens: 0, uncachedTokens: 0, outputTokens: 0 },
        answers: new Map(),
      };
      agents.set(agent, entry);
    }
    if (sidechain && entry.label === '' && line.type === 'user') entry.label = promptText(line.record);
    const message = line.record.message;
    if (line.type !== 'assistant' || !isRecord(message) || !isRecord(message.usage)) continue;
    const id =
      typeof message.id === 'string'
        ? message.id
        : typeof line.record.requestId === 'string'
          ? line.record.requestId
          : (line.uuid ?? String(entry.answers.size));
    // The last line of an answer carries its final output count.
    entry.answers.set(id, message.usage);
    if (typeof message.model === 'string' && message.model !== '<synthetic>') entry.model = message.model;
  }
  return [...agents.values()].map(({ answers, ...agent }) => {
    const usage = { cachedTokens: 0, writtenTokens: 0, uncachedTokens: 0, outputTokens: 0 };
    for (const reported of answers.values()) {
      const figures = messagesUsageFigures(reported);
      usage.cachedTokens += figures.cachedTokens;
      usage.writtenTokens += figures.writtenTokens;
      usage.uncachedTokens += figures.uncachedTokens;
      usage.outputTokens += figures.outputTokens;
    }
    return { ...agent, requests: answers.size, usage, label: agent.label === '' ? `Sub-agent ${agent.agent.slice(0, 8)}` : agent.label };
  });
}
