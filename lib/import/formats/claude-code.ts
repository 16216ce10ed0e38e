import type { ToolResultPart } from 'ai';
import type { ModelMessage, TranscriptMessage, TurnEndReason } from '@/lib/fork';
import { claudeCodeAgentUsage } from '../agent-usage';
import type { FidelityLog } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord, lookup, recordsOf } from '../import-source';
import { importedProfile } from '../imported-profile';
import { TranscriptBuilder } from '../transcript-builder';
import { assistantBlock, type BlockContext, toolResultOf, userBlock } from './anthropic-blocks';
import type { AssistantPart, UserPart } from './api-body';
import { conversationLines, type Line, lineOf, reportLeftOut, reportNonConversation } from './claude-code-chain';
import { COMMAND_ECHO, commandArguments, isLocalCommand } from './claude-code-commands';

const LABEL = 'Claude Code session (JSONL)';
const FORMAT = 'claude-code';

/** The line the CLI writes when the person stops a turn: the turn's end, not a new turn. */
const INTERRUPT_MARKER = /^\[Request interrupted by user/;
const MALFORMED_BLOCK = 'content block that is not well formed (not an object, or a field of the wrong type): dropped';
const MALFORMED_CONTENT = 'message content that is neither text nor a list of blocks: dropped';

const STOP_REASONS: Record<string, TurnEndReason> = {
  end_turn: 'completed',
  stop_sequence: 'completed',
  max_tokens: 'max-tokens',
  refusal: 'blocked',
};

function isClaudeCodeRecord(value: unknown): boolean {
  if (!isRecord(value) || !('parentUuid' in value) || typeof value.sessionId !== 'string') return false;
  const message = value.message;
  // Qwen Code writes the same chain fields but Gemini-style `parts`.
  if (isRecord(message) && Array.isArray(message.parts)) return false;
  return true;
}

function detect(source: ImportSource): number {
  const records = recordsOf(source);
  if (source.shape === 'json' && !isRecord(source.value)) return 0;
  const sample = records.slice(0, 50);
  const chain = sample.filter((record) => isClaudeCodeRecord(record.value)).length;
  if (chain === 0) return 0;
  const hasContent = sample.some((record) => isRecord(record.value) && isRecord(record.value.message) && 'content' in record.value.message);
  return hasContent ? 1 : 0.6;
}

/**
 * A line's content blocks through the shared Anthropic block converters. The CLI wrote the file as
 * it went, so one malformed block drops that block (reported), not the whole import.
 */
function eachBlock<T>(
  content: unknown[],
  line: number,
  log: FidelityLog,
  convert: (block: Record<string, unknown>, field: string, context: BlockContext) => T[],
): T[] {
  const context: BlockContext = { label: LABEL, log, line };
  return content.flatMap((block, index) => {
    if (!isRecord(block)) {
      log.add('dropped', MALFORMED_BLOCK, { line });
      return [];
    }
    try {
      return convert(block, `message.content[${index}]`, context);
    } catch (error) {
      if (!(error instanceof InvalidContentError)) throw error;
      log.add('dropped', MALFORMED_BLOCK, { line, field: error.location.field });
      return [];
    }
  });
}

function userParts(content: unknown, log: FidelityLog, line: number): { tool: ToolResultPart[]; user: UserPart[] } {
  if (typeof content === 'string') return { tool: [], user: content === '' ? [] : [{ type: 'text', text: content }] };
  if (!Array.isArray(content)) {
    if (content !== undefined && content !== null) log.add('dropped', MALFORMED_CONTENT, { line });
    return { tool: [], user: [] };
  }
  const tool: ToolResultPart[] = [];
  const user = eachBlock<UserPart>(content, line, log, (block, field, context) => {
    if (block.type !== 'tool_result') return userBlock(block, field, context);
    tool.push(toolResultOf(block, field, context));
    return [];
  });
  return { tool, user };
}

function assistantParts(content: unknown, log: FidelityLog, line: number): AssistantPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) {
    if (content !== undefined && content !== null) log.add('dropped', MALFORMED_CONTENT, { line });
    return [];
  }
  return eachBlock(content, line, log, assistantBlock);
}

function convert(source: ImportSource, log: FidelityLog): ConvertedImport {
  const lines: Line[] = [];
  for (const record of recordsOf(source)) {
    const line = lineOf(record);
    if (line === undefined) {
      throw new FormatMismatchError(LABEL, 'every line must be a JSON object', { line: record.line });
    }
    lines.push(line);
  }
  const conversation = conversationLines(lines, log);
  const chain = conversation.lines;
  const onChain = conversation.taken;
  const boundary = chain.find((line) => line.type === 'system' && line.record.subtype === 'compact_boundary');
  const leftOut = { sidechain: conversation.sidechain, boundary, inFile: conversation.inFile };
  let title: string | undefined;
  let sessionId: string | undefined;

  for (const line of lines) {
    if (typeof line.record.sessionId === 'string') sessionId ??= line.record.sessionId;
    if (onChain.has(line)) continue;
    if (line.type === 'custom-title' && typeof line.record.customTitle === 'string') title = line.record.customTitle;
    else if (line.type === 'ai-title' && typeof line.record.aiTitle === 'string') title ??= line.record.aiTitle;
    reportLeftOut(line, leftOut, log);
  }

  const builder = new TranscriptBuilder(FORMAT, log);
  let model: string | undefined;
  /**
   * The assistant message later lines with the same `message.id` continue. The CLI writes one line
   * per content block as it streams, and with parallel tool calls a call's result line can land
   * before the next call's line: the model still sent one message, so the later block joins it
   * and the results stay after it.
   */
  let open: { id: string; entry: TranscriptMessage; index: number; lines: number[] } | undefined;
  /** Whether the last message came from tool_result-only lines, which the next such line extends. */
  let previousWasToolLine = false;

  const closeSplit = () => {
    if (open !== undefined && open.lines.length > 1) {
      log.add('merged', `${open.lines.length} assistant lines merged into message ${open.id}`, { line: open.lines[0] });
    }
    open = undefined;
  };
  /** Only the open message, or it and its results, were pushed since it opened. */
  const continuesOpen = () =>
    open !== undefined && (builder.length === open.index + 1 || (builder.length === open.index + 2 && builder.last()?.message.role === 'tool'));

  for (const [index, line] of chain.entries()) {
    const { record } = line;
    const message = isRecord(record.message) ? record.message : undefined;
    if (line.type === 'assistant' && message !== undefined) {
      if (record.isApiErrorMessage === true) {
        closeSplit();
        log.add('dropped', 'API error message the CLI wrote itself: never sent back to the model', { line: line.line });
        continue;
      }
      if (typeof message.model === 'string' && message.model !== '<synthetic>') model = message.model;
      const messageId = typeof message.id === 'string' ? message.id : undefined;
      const parts = assistantParts(message.content, log, line.line);
      const turnEnd = typeof message.stop_reason === 'string' ? lookup(STOP_REASONS, message.stop_reason) : undefined;
      if (open !== undefined && messageId === open.id && continuesOpen()) {
        open.entry.message = { role: 'assistant', content: [...(open.entry.message.content as AssistantPart[]), ...parts] };
        open.lines.push(line.line);
        if (turnEnd !== undefined) builder.endTurn(turnEnd);
        continue;
      }
      closeSplit();
      previousWasToolLine = false;
      if (parts.length === 0) {
        log.add('dropped', 'assistant line with nothing Fork Lab can carry (every block was dropped)', { line: line.line });
        continue;
      }
      const entry = builder.push({ role: 'assistant', content: parts }, { id: messageId ?? line.uuid, line: line.line, turnEnd });
      if (messageId !== undefined) open = { id: messageId, entry, index: builder.length - 1, lines: [line.line] };
      continue;
    }
    if (line.type === 'user' && message !== undefined) {
      const { tool, user } = userParts(message.content, log, line.line);
      if (user.length > 0) closeSplit();
      if ('toolUseResult' in record) {
        log.add('dropped', 'toolUseResult sidecar: the interface’s copy of a tool result (the model saw the tool_result block)', { line: line.line });
      }
      if (tool.length > 0) {
        const previous = builder.last();
        if (previous?.message.role === 'tool' && previousWasToolLine) {
          (previous.message.content as ToolResultPart[]).push(...tool);
          log.add('merged', 'tool_result line merged into the tool message before it (one API message carried them all)', { line: line.line });
        } else {
          builder.push({ role: 'tool', content: tool as never }, { id: line.uuid, line: line.line });
        }
      }
      previousWasToolLine = tool.length > 0 && user.length === 0;
      if (user.length > 0) {
        const text = user.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
        // A prompt command typed with arguments is the person asking for something; its
        // expansion (the isMeta line after it) stays meta, so the two make one turn.
        const asked = record.isMeta !== true && commandArguments(text) !== undefined && !isLocalCommand(chain, index);
        const echo = COMMAND_ECHO.test(text) && !asked;
        const interrupt = INTERRUPT_MARKER.test(text);
        const compactSummary = record.isCompactSummary === true;
        const meta = record.isMeta === true || echo || interrupt;
        const marks = [
          [compactSummary, 'isCompactSummary'],
          [interrupt, 'interrupt marker'],
          [echo, 'command echo'],
          [asked, 'slash command with arguments'],
          [record.isMeta === true, 'isMeta'],
        ] as const;
        const note = marks.find(([marked]) => marked)?.[1];
        if (asked) {
          log.add(
            'guessed',
            'slash command with arguments (<command-args> not empty): what the person asked for, counted as one real user turn; its expansion (the isMeta line after it) stays meta',
            { line: line.line },
          );
        } else if (interrupt) {
          builder.endTurn('interrupted');
          log.add('guessed', 'interrupt marker ([Request interrupted by user…]): ends the turn as interrupted; marked meta, not a user turn', {
            line: line.line,
          });
        } else if (echo) log.add('guessed', 'command echo (<command-name>, <local-command-stdout>): marked meta, not a user turn', { line: line.line });
        else if (record.isMeta === true) log.add('guessed', 'isMeta line (written by the harness): marked meta, not a user turn', { line: line.line });
        builder.push({ role: 'user', content: user.length === 1 && user[0]!.type === 'text' ? user[0]!.text : user } as ModelMessage, {
          id: tool.length > 0 && line.uuid !== undefined ? `${line.uuid}:text` : line.uuid,
          line: line.line,
          meta,
          compactionSummary: compactSummary,
          note,
        });
      }
      continue;
    }
    if (line.type === 'progress') {
      // A hook or tool progress note the CLI wrote between the lines of one streamed message, or
      // between its results: the model's message and its results go on across it.
      reportNonConversation(line, log);
      continue;
    }
    closeSplit();
    previousWasToolLine = false;
    if (line.type === 'summary' && message !== undefined && typeof message.content === 'string') {
      // An older shape: the compaction summary written as a `summary` line on the chain.
      log.add('guessed', 'summary line on the chain after a compact boundary: taken as the compaction summary', { line: line.line });
      builder.push({ role: 'user', content: message.content }, { id: line.uuid, line: line.line, compactionSummary: true, note: 'summary line' });
    } else if (line.type === 'system' && record.subtype === 'compact_boundary') {
      log.add('dropped', 'compact_boundary: the history before it was compacted away; the conversation restarts here', { line: line.line });
    } else if (line.type === 'system' && record.subtype === 'turn_duration') {
      builder.endTurn('completed');
    } else {
      reportNonConversation(line, log);
    }
  }
  closeSplit();

  if (chain.length === 0) {
    throw new FormatMismatchError(LABEL, 'no user or assistant line outside a sidechain was found');
  }
  const profile = importedProfile({ agentId: sessionId, model }, log, LABEL);
  return { transcript: builder.finish(profile), ...(title === undefined ? {} : { title }), agentUsage: claudeCodeAgentUsage(lines) };
}

export const claudeCodeFormat: ImportFormat = { id: FORMAT, label: LABEL, detect, convert };
