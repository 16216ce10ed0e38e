import type { FidelityLog } from '../fidelity-report';
import { isRecord, type SourceRecord } from '../import-source';

/*
 * A Claude Code session's lines and the conversation through them. Each line names its parent
 * (`parentUuid`); the conversation the model continued is the chain ending at the newest chat line.
 *
 * Claude Code 2.1 writes one line per content block as it streams and hangs each line off the one
 * written before it, so one walk from the leaf does not see a whole turn with parallel tool calls:
 * each result line hangs off its own call's line, the next call of the same message may hang off
 * a `progress` line or off a result, and the walk passes through only one of those branches. The
 * model still sent one message and received every result, so the lines that belong to a chain
 * message or answer one of its calls are part of the conversation wherever they hang.
 */

/** A Claude Code line as far as the importer reads it. */
export interface Line {
  line: number;
  record: Record<string, unknown>;
  type: string;
  uuid?: string;
  parentUuid?: string | null;
}

const CHAT_TYPES = new Set(['user', 'assistant']);

export function lineOf({ line, value }: SourceRecord): Line | undefined {
  if (!isRecord(value)) return undefined;
  return {
    line,
    record: value,
    type: typeof value.type === 'string' ? value.type : '',
    uuid: typeof value.uuid === 'string' ? value.uuid : undefined,
    parentUuid: typeof value.parentUuid === 'string' ? value.parentUuid : null,
  };
}

function isSidechain(line: Line): boolean {
  return line.record.isSidechain === true;
}

function contentOf(line: Line): unknown {
  return isRecord(line.record.message) ? line.record.message.content : undefined;
}

function messageIdOf(line: Line): string | undefined {
  const message = line.record.message;
  return line.type === 'assistant' && isRecord(message) && typeof message.id === 'string' ? message.id : undefined;
}

function callIdsOf(line: Line): string[] {
  const content = contentOf(line);
  if (line.type !== 'assistant' || !Array.isArray(content)) return [];
  return content.flatMap((block) => (isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string' ? [block.id] : []));
}

/** The tool_use ids a user line's tool_result blocks answer, when that is all the line holds. */
function answeredCallIds(line: Line): string[] | undefined {
  const content = contentOf(line);
  if (line.type !== 'user' || !Array.isArray(content) || content.length === 0) return undefined;
  const ids: string[] = [];
  for (const block of content) {
    if (!isRecord(block) || block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') return undefined;
    ids.push(block.tool_use_id);
  }
  return ids;
}

/** The walk from the newest chat line back through `parentUuid`, oldest first. */
function walkFromLeaf(lines: readonly Line[], byUuid: ReadonlyMap<string, Line>, log: FidelityLog): { chain: Line[]; sidechain: boolean } {
  const newestChatLine = (sidechain: boolean) =>
    lines.findLast((line) => CHAT_TYPES.has(line.type) && line.uuid !== undefined && isSidechain(line) === sidechain);
  // A subagent's own file (`subagents/agent-<id>.jsonl`) is all sidechain: then its conversation is
  // the one being imported, not one to keep apart.
  let leaf = newestChatLine(false);
  const sidechain = leaf === undefined;
  if (sidechain) {
    leaf = newestChatLine(true);
    if (leaf !== undefined) log.add('guessed', 'every chat line is a sidechain: imported as a subagent’s own session (a subagents/agent-*.jsonl file)');
  }
  const chain: Line[] = [];
  const seen = new Set<string>();
  for (let cursor: Line | undefined = leaf; cursor !== undefined; ) {
    seen.add(cursor.uuid!);
    chain.push(cursor);
    const parent: string | null | undefined = cursor.parentUuid;
    if (parent === null || parent === undefined) break;
    if (seen.has(parent)) {
      log.add('flagged', 'parentUuid loops back to a line already on the chain; the chain stops there', { line: cursor.line });
      break;
    }
    const next = byUuid.get(parent);
    if (next === undefined) log.add('flagged', 'parentUuid names a line that is not in the file; the chain starts here', { line: cursor.line });
    cursor = next;
  }
  return { chain: chain.reverse(), sidechain };
}

/** The lines the model's conversation is made of, in file order, and whether it is a subagent's own file. */
export interface Conversation {
  lines: Line[];
  /** The same lines, to ask whether a line is one of them. */
  taken: ReadonlySet<Line>;
  sidechain: boolean;
  /** Whether a line of the file has this uuid. */
  inFile(uuid: string): boolean;
}

/**
 * The chain from the newest chat line, plus what parallel tool calls put beside it: every assistant
 * line of a message on the chain (same `message.id`) and every tool_result line that answers a call
 * of those messages and is the first answer to it. They are read in file order, the order the CLI
 * wrote them, so a message's blocks come before the results that answer them.
 */
export function conversationLines(lines: readonly Line[], log: FidelityLog): Conversation {
  const byUuid = new Map<string, Line>();
  for (const line of lines) if (line.uuid !== undefined && !byUuid.has(line.uuid)) byUuid.set(line.uuid, line);
  const { chain, sidechain } = walkFromLeaf(lines, byUuid, log);
  const taken = new Set(chain);
  const sameSide = (line: Line) => isSidechain(line) === sidechain;

  const messageIds = new Set<string>();
  for (const line of chain) {
    const id = messageIdOf(line);
    if (id !== undefined) messageIds.add(id);
  }
  for (const line of lines) {
    const id = messageIdOf(line);
    if (taken.has(line) || id === undefined || !messageIds.has(id) || !sameSide(line)) continue;
    taken.add(line);
    log.add('guessed', 'assistant line of a message on the chain, written on a branch of its own (a parallel tool call): taken into that message', {
      line: line.line,
    });
  }

  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const line of lines) {
    if (!taken.has(line)) continue;
    for (const id of callIdsOf(line)) calls.add(id);
    for (const id of answeredCallIds(line) ?? []) answered.add(id);
  }
  for (const line of lines) {
    if (taken.has(line) || line.type !== 'user' || !sameSide(line)) continue;
    const ids = answeredCallIds(line);
    if (ids === undefined || !ids.every((id) => calls.has(id) && !answered.has(id))) continue;
    taken.add(line);
    for (const id of ids) answered.add(id);
    log.add('guessed', 'tool_result line on a branch of its own (a parallel tool call’s result): taken in, since it answers a call on the chain', {
      line: line.line,
    });
  }
  return { lines: lines.filter((line) => taken.has(line)), taken, sidechain, inFile: (uuid) => byUuid.has(uuid) };
}

/** What a line that carries no conversation is, for the report: `progress`, `system/turn_duration`. */
function kindOf(line: Line): string {
  return line.type === 'system' && typeof line.record.subtype === 'string' ? `system/${line.record.subtype}` : line.type || 'untyped line';
}

/**
 * Report a line that is not one the model saw in this conversation, with the true reason: a
 * subagent's line in the parent's file, a line that carries no conversation, history before the
 * compact boundary, or a chat line on a branch the conversation did not continue from.
 */
export function reportLeftOut(line: Line, context: { sidechain: boolean; boundary?: Line; inFile: (uuid: string) => boolean }, log: FidelityLog): void {
  const place = { line: line.line };
  if (isSidechain(line) && !context.sidechain) {
    log.add('kept-apart', 'sidechain line (isSidechain): a subagent’s own conversation, kept apart from the parent', place);
  } else if (!CHAT_TYPES.has(line.type) && line.type !== 'system') {
    reportNonConversation(line, log);
  } else if (context.boundary !== undefined && line.line < context.boundary.line) {
    log.add('dropped', `before the compact boundary at line ${context.boundary.line}: compacted away, the model no longer sees it`, place);
  } else if (line.type === 'system') {
    reportNonConversation(line, log);
  } else if (typeof line.parentUuid === 'string' && !context.inFile(line.parentUuid)) {
    log.add('dropped', 'not on the conversation chain: its parentUuid names a line that is not in this file (a conversation continued elsewhere)', place);
  } else {
    log.add('dropped', 'not on the current conversation chain (an abandoned branch after an edit, retry or rewind)', place);
  }
}

/**
 * A line that is not a message: a `progress` line, a bookkeeping `system` line, a snapshot. An
 * `agent_progress` line carries a subagent's message as the interface showed it, which is the
 * subagent's conversation, not the parent's.
 */
export function reportNonConversation(line: Line, log: FidelityLog): void {
  const data = line.record.data;
  if (line.type === 'progress' && isRecord(data) && data.type === 'agent_progress') {
    log.add('kept-apart', 'progress/agent_progress: a subagent’s message as the interface showed it, kept apart from the parent', { line: line.line });
    return;
  }
  log.add('dropped', `${kindOf(line)}: carries no conversation`, { line: line.line });
}
