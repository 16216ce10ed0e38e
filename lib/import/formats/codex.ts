import type { ToolResultPart, UserModelMessage } from 'ai';
import { isCodexContextFragment, type TranscriptMessage, type TurnEndReason } from '@/lib/fork';
import type { FidelityLog } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord, lookup, nonEmptyString, recordsOf, type SourceRecord } from '../import-source';
import { importedProfile } from '../imported-profile';
import { LineSpan } from '../line-span';
import { TranscriptBuilder } from '../transcript-builder';
import { type AssistantPart, describeValue } from './api-body';
import {
  ASSISTANT_ITEMS_MERGED,
  convertResponsesItem,
  ENCRYPTED_REASONING,
  type ItemContext,
  type SystemItem,
  systemMessageOf,
  TOOL_OUTPUTS_MERGED,
} from './responses-items';

const LABEL = 'Codex CLI rollout (JSONL)';
const FORMAT = 'codex';

/** The record types a rollout line can have; anything else is a newer Codex's, read as unknown. */
const RECORD_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

/** Openings of the context Codex itself sends as a user or developer message, not the person. */
const CONTEXT_OPENINGS = ['# AGENTS.md instructions', '<user_instructions>', '<environment_context>'];

const TURN_ENDS: Record<string, TurnEndReason> = { task_complete: 'completed', turn_aborted: 'aborted' };

function isCodexRecord(value: unknown): value is { type: string; payload: Record<string, unknown> } {
  return isRecord(value) && typeof value.type === 'string' && RECORD_TYPES.has(value.type) && isRecord(value.payload);
}

function detect(source: ImportSource): number {
  const sample = recordsOf(source).slice(0, 50);
  if (sample.some(({ value }) => isCodexRecord(value) && value.type === 'session_meta')) return 1;
  const first = sample[0]?.value;
  return isRecord(first) && typeof first.timestamp === 'string' && isCodexRecord(first) ? 1 : 0;
}

function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (isRecord(value)) return `an object without a string "type"`;
  return `a ${typeof value}`;
}

/**
 * Whether a message is context Codex sent, not the person: every part opens like its context
 * (AGENTS.md, user instructions, environment), or — Codex's own test — any one part is a whole
 * context block (a real 0.144 rollout sends `<recommended_plugins>` beside `<environment_context>`
 * in one message).
 */
function isHarnessContext(texts: readonly (string | undefined)[]): boolean {
  if (texts.length === 0) return false;
  if (texts.some((text) => text !== undefined && isCodexContextFragment(text))) return true;
  return texts.every((text) => text !== undefined && CONTEXT_OPENINGS.some((opening) => text.trimStart().startsWith(opening)));
}

/** Whether a context message is the kind Codex opens a session with: AGENTS.md, user instructions, environment. */
function opensLikeStartup(texts: readonly (string | undefined)[]): boolean {
  return texts.some((text) => text !== undefined && CONTEXT_OPENINGS.some((opening) => text.trimStart().startsWith(opening)));
}

/** A rollout's findings name lines, and its refusals the line and the item's field. */
function itemContext(log: FidelityLog, line: number): ItemContext {
  return {
    log,
    place: () => ({ line }),
    invalid: (type, key, value, expected) =>
      new InvalidContentError(
        value === undefined || value === null
          ? `Line ${line}: the ${type} has no ${key}.`
          : `Line ${line}: the ${type}'s ${key} is ${describeValue(value)}; ${expected}.`,
        { line },
      ),
    droppedItem: (type, why) => `response_item/${type}: ${why}`,
    encryptedReasoning: `reasoning encrypted_content: ${ENCRYPTED_REASONING}`,
  };
}

/** Reads a rollout's records in order, keeping the state the next record depends on. */
class CodexConversion {
  private readonly builder: TranscriptBuilder;
  private session: Record<string, unknown> | undefined;
  private model: string | undefined;
  private title: string | undefined;
  /** How many leading messages are startup context, kept when a compaction replaces the history. */
  private startup = 0;
  private startupOpen = true;
  /** The message the next item of the same side extends: one model response, or one batch of outputs. */
  private open: 'assistant' | 'tool' | undefined;
  /** Source lines of the history after the startup context, for the compaction report. */
  private readonly historyLines = new LineSpan();
  /** The summary text of the compaction being replayed, to mark its user message. */
  private compactionSummary: string | undefined;
  /** The last replayed user message that carries that summary. */
  private summaryEntry: TranscriptMessage | undefined;

  constructor(private readonly log: FidelityLog) {
    this.builder = new TranscriptBuilder(FORMAT, log);
  }

  convert(records: readonly SourceRecord[]): ConvertedImport {
    if (!records.some(({ value }) => isCodexRecord(value))) {
      throw new FormatMismatchError(LABEL, 'no line is a {timestamp, type, payload} record of a type Codex writes', {
        line: records[0]?.line,
      });
    }
    for (const record of records) this.record(record);
    const session = this.session ?? {};
    const baseInstructions = session.base_instructions;
    const systemInstruction =
      nonEmptyString(session.instructions) ?? (isRecord(baseInstructions) ? nonEmptyString(baseInstructions.text) : nonEmptyString(baseInstructions));
    const profile = importedProfile({ agentId: nonEmptyString(session.id), model: this.model, systemInstruction, tools: undefined }, this.log, LABEL);
    return { transcript: this.builder.finish(profile), ...(this.title === undefined ? {} : { title: this.title }) };
  }

  private record({ line, value }: SourceRecord): void {
    if (!isRecord(value) || typeof value.type !== 'string') {
      throw new InvalidContentError(`Line ${line}: expected a Codex record {timestamp, type, payload}, found ${shapeOf(value)}.`, { line });
    }
    if (!RECORD_TYPES.has(value.type)) {
      this.log.add('dropped', `unknown record type "${value.type}": Fork Lab does not read it`, { line });
      return;
    }
    const payload = value.payload;
    if (!isRecord(payload)) {
      throw new InvalidContentError(`Line ${line}: the ${value.type} record has no payload object.`, { line });
    }
    switch (value.type) {
      case 'session_meta':
        this.sessionMeta(payload, line);
        return;
      case 'turn_context':
        if (nonEmptyString(payload.model) !== undefined) this.model = payload.model as string;
        this.log.add('dropped', 'turn_context: per-turn settings (cwd, approval and sandbox policy, effort); only its model is kept', { line });
        return;
      case 'response_item':
        this.responseItem(payload, line);
        return;
      case 'event_msg':
        this.event(payload, line);
        return;
      case 'compacted':
        this.compacted(payload, line);
        return;
    }
  }

  private sessionMeta(payload: Record<string, unknown>, line: number): void {
    if (this.session === undefined) {
      this.session = payload;
      return;
    }
    this.log.add('dropped', 'another session_meta: this file holds records of more than one session; the first session_meta gives the id and instructions', {
      line,
    });
  }

  private event(payload: Record<string, unknown>, line: number): void {
    const type = typeof payload.type === 'string' ? payload.type : '(no type)';
    let turnEnd = lookup(TURN_ENDS, type);
    // Codex aborts a turn for several reasons; the person pressing Esc is an interruption.
    if (type === 'turn_aborted' && payload.reason === 'interrupted') turnEnd = 'interrupted';
    if (turnEnd !== undefined) {
      if (this.builder.length > 0) this.builder.endTurn(turnEnd);
      this.open = undefined;
      return;
    }
    if (type === 'thread_name_updated' && nonEmptyString(payload.thread_name) !== undefined) {
      this.title = payload.thread_name as string;
    }
    this.log.add('dropped', `event_msg/${type}: what the person saw, not what the model saw`, { line });
  }

  private responseItem(item: Record<string, unknown>, line: number): void {
    const ctx = itemContext(this.log, line);
    const converted = convertResponsesItem(item, ctx);
    switch (converted.role) {
      case 'user':
        this.userMessage(converted.content, line, converted.id);
        return;
      case 'system':
        this.systemMessage(converted, ctx, line);
        return;
      case 'assistant':
        this.assistantParts(converted.parts, line, converted.id);
        return;
      case 'tool':
        this.toolOutput(converted.part, line, converted.id);
        return;
      case 'none':
        if (converted.endsResponse) this.open = undefined;
    }
  }

  private userMessage(content: UserModelMessage['content'], line: number, id: string | undefined): void {
    this.open = undefined;
    const texts = typeof content === 'string' ? [content] : content.map((part) => (part.type === 'text' ? part.text : undefined));
    if (isHarnessContext(texts)) {
      // Only the context Codex opens a session with is its startup prefix (which a compaction
      // keeps); a first shell command or skill block is context, but not startup.
      if (this.startupOpen && opensLikeStartup(texts)) {
        this.builder.push({ role: 'user', content }, { line, id, meta: true, note: 'startup context' });
        this.startup = this.builder.length;
        return;
      }
      // Codex sends its context again when the cwd or the instructions change, and writes shell
      // commands, skills and notifications as blocks of its own; none is the person asking, so none
      // may use up a turn of a fork window.
      this.log.add(
        'guessed',
        'Codex context (AGENTS.md, environment, or another harness block) outside the startup context: marked as written by Codex, not a user turn',
        { line },
      );
      this.push({ role: 'user', content }, line, { id, meta: true, note: 'harness context' });
      return;
    }
    const entry = this.push({ role: 'user', content }, line, { id });
    const summary = this.compactionSummary;
    const written = texts.filter((text) => text !== undefined);
    if (summary !== undefined && written.length === texts.length && written.some((text) => text.includes(summary))) this.summaryEntry = entry;
  }

  private systemMessage(item: SystemItem, ctx: ItemContext, line: number): void {
    this.open = undefined;
    const message = systemMessageOf(item, ctx, !this.startupOpen);
    if (this.startupOpen) {
      const context = isHarnessContext(item.texts);
      this.builder.push(message, { line, id: item.id, ...(context ? { meta: true, note: 'startup context' } : {}) });
      this.startup = this.builder.length;
      return;
    }
    this.push(message, line, { id: item.id });
  }

  /** Reasoning, text and tool calls of one model response form one assistant message. */
  private assistantParts(parts: AssistantPart[], line: number, id: string | undefined): void {
    const last = this.builder.last();
    if (this.open === 'assistant' && last !== undefined && Array.isArray(last.message.content)) {
      (last.message.content as AssistantPart[]).push(...parts);
      this.log.add('merged', ASSISTANT_ITEMS_MERGED, { line });
      this.historyLines.add(line);
      return;
    }
    this.push({ role: 'assistant', content: parts }, line, { id });
    this.open = 'assistant';
  }

  private toolOutput(part: ToolResultPart, line: number, id: string | undefined): void {
    const last = this.builder.last();
    if (this.open === 'tool' && last !== undefined && last.message.role === 'tool') {
      last.message.content.push(part);
      this.log.add('merged', TOOL_OUTPUTS_MERGED, { line });
      this.historyLines.add(line);
      return;
    }
    this.push({ role: 'tool', content: [part] }, line, { id });
    this.open = 'tool';
  }

  private compacted(payload: Record<string, unknown>, line: number): void {
    this.open = undefined;
    const range = this.historyLines.take();
    this.builder.truncate(this.startup);
    const replacement = payload.replacement_history;
    if (range !== undefined) {
      const by = Array.isArray(replacement) ? 'the compacted replacement_history' : 'the compaction summary';
      this.log.add('dropped', `${range}: replaced by ${by} (the model no longer saw them)`, { line });
    }
    if (Array.isArray(replacement)) {
      this.startupOpen = false;
      this.compactionSummary = nonEmptyString(typeof payload.message === 'string' ? payload.message.trim() : undefined);
      this.summaryEntry = undefined;
      replacement.forEach((item, index) => {
        if (!isRecord(item)) {
          throw new InvalidContentError(`Line ${line}: replacement_history[${index}] is not an object.`, {
            line,
            field: `replacement_history[${index}]`,
          });
        }
        this.responseItem(item, line);
      });
      // Codex puts the summary last among the user messages it keeps; earlier ones that quote it
      // are the person's own words.
      // Cast: the callback above assigns it, which TypeScript's narrowing does not see.
      const origin = (this.summaryEntry as TranscriptMessage | undefined)?.meta?.origin;
      if (origin !== undefined) origin.compactionSummary = true;
      this.compactionSummary = undefined;
      this.summaryEntry = undefined;
      this.open = undefined;
      return;
    }
    if (typeof payload.message !== 'string') {
      throw new InvalidContentError(`Line ${line}: the compacted record has neither a message nor a replacement_history.`, { line });
    }
    this.log.add(
      'guessed',
      'compaction without replacement_history: older Codex rebuilt the history from this summary, carried as a compaction summary after the startup context (the earlier user messages Codex re-sent with it are not carried)',
      { line },
    );
    this.startupOpen = false;
    this.push({ role: 'user', content: [{ type: 'text', text: payload.message }] }, line, { compactionSummary: true });
  }

  private push(
    message: Parameters<TranscriptBuilder['push']>[0],
    line: number,
    options: { id?: string; meta?: boolean; note?: string; compactionSummary?: boolean },
  ): TranscriptMessage {
    this.startupOpen = false;
    const entry = this.builder.push(message, { line, ...options });
    this.historyLines.add(line);
    return entry;
  }
}

export const codexFormat: ImportFormat = {
  id: 'codex',
  label: LABEL,
  detect,
  convert: (source, log) => new CodexConversion(log).convert(recordsOf(source)),
};
