import type { AssistantContent, ToolResultPart, UserContent } from 'ai';
import type { TranscriptMessage, TurnEndReason } from '@/lib/fork';
import { parseToolArguments, toolOutputOf } from '../content-mapping';
import { splitDataUrl } from '../data-url';
import type { FidelityLog, FindingPlace } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord, lookup, nonEmptyString, recordsOf, type SourceRecord } from '../import-source';
import { importedProfile } from '../imported-profile';
import { LineSpan } from '../line-span';
import { TranscriptBuilder } from '../transcript-builder';

const LABEL = 'Codex CLI rollout (JSONL)';
const FORMAT = 'codex';

type AssistantPart = Exclude<AssistantContent, string>[number];
type UserPart = Exclude<UserContent, string>[number];
type ToolOutput = ToolResultPart['output'];
type ContentOutputItem = Extract<ToolOutput, { type: 'content' }>['value'][number];

/** The record types a rollout line can have; anything else is a newer Codex's, read as unknown. */
const RECORD_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

/** Openings of the context Codex itself sends as a user or developer message, not the person. */
const CONTEXT_OPENINGS = ['# AGENTS.md instructions', '<user_instructions>', '<environment_context>'];

const TURN_ENDS: Record<string, TurnEndReason> = { task_complete: 'completed', turn_aborted: 'aborted' };

const SERVER_SIDE = 'OpenAI ran it on its own servers and another model cannot replay it';

/** Response items the model produced or saw that have no AI SDK message form. */
const ITEM_DROP_REASONS: Record<string, string> = {
  ghost_snapshot: 'response_item/ghost_snapshot: a git snapshot Codex keeps for undo; never sent to the model',
  web_search_call: `response_item/web_search_call: a web search whose results are not recorded; ${SERVER_SIDE}`,
  image_generation_call: `response_item/image_generation_call: an image generation; ${SERVER_SIDE}`,
  tool_search_call: `response_item/tool_search_call: a tool search; ${SERVER_SIDE}`,
  tool_search_output: `response_item/tool_search_output: a tool search result; ${SERVER_SIDE}`,
  compaction: 'response_item/compaction: the compaction summary is encrypted (only OpenAI can read it), so the child cannot receive it',
};

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

/** Whether every part is context Codex sent (AGENTS.md, user instructions, environment). */
function isHarnessContext(texts: readonly string[]): boolean {
  return texts.length > 0 && texts.every((text) => CONTEXT_OPENINGS.some((opening) => text.trimStart().startsWith(opening)));
}

/** Content items of a message (`input_text`, `output_text`, `input_image`, …) as AI SDK parts. */
function messagePartsOf(content: readonly unknown[], side: 'user' | 'assistant', log: FidelityLog, place: FindingPlace): (UserPart | AssistantPart)[] {
  const parts: (UserPart | AssistantPart)[] = [];
  content.forEach((item, index) => {
    if (!isRecord(item) || typeof item.type !== 'string') {
      throw new InvalidContentError(`Line ${place.line}: content item ${index} of the message has no type.`, place);
    }
    switch (item.type) {
      case 'input_text':
      case 'output_text':
        if (typeof item.text !== 'string') {
          throw new InvalidContentError(`Line ${place.line}: the ${item.type} item ${index} has no text.`, place);
        }
        parts.push({ type: 'text', text: item.text });
        return;
      case 'input_image': {
        const url = nonEmptyString(item.image_url);
        if (url === undefined) {
          log.add('dropped', 'input_image without an image_url: there is no image to carry', place);
          return;
        }
        const inline = splitDataUrl(url);
        if (side === 'user') {
          parts.push(inline === undefined ? { type: 'image', image: url } : { type: 'image', image: inline.data, mediaType: inline.mediaType });
          return;
        }
        // An assistant message holds no image part; a file part is the AI SDK's form for it.
        if (inline === undefined) {
          log.add('guessed', 'image in an assistant message carried as a file of type image/* (the URL names no media type)', place);
        }
        parts.push({ type: 'file', data: inline?.data ?? url, mediaType: inline?.mediaType ?? 'image/*' });
        return;
      }
      case 'refusal':
        if (typeof item.refusal === 'string') {
          log.add('guessed', 'refusal item carried as the assistant text it was shown as', place);
          parts.push({ type: 'text', text: item.refusal });
          return;
        }
        break;
    }
    log.add('dropped', `message content item "${item.type}": not a kind Fork Lab maps`, place);
  });
  return parts;
}

/** A tool output's content items (newer Codex) as an AI SDK `content` output. */
function contentOutputOf(items: readonly unknown[], log: FidelityLog, place: FindingPlace): ToolOutput {
  const value: ContentOutputItem[] = [];
  for (const item of items) {
    if (isRecord(item) && (item.type === 'input_text' || item.type === 'output_text') && typeof item.text === 'string') {
      value.push({ type: 'text', text: item.text });
      continue;
    }
    if (isRecord(item) && item.type === 'input_image') {
      const url = nonEmptyString(item.image_url);
      if (url === undefined) {
        log.add('dropped', 'input_image without an image_url in a tool output: there is no image to carry', place);
        continue;
      }
      const inline = splitDataUrl(url);
      value.push(inline === undefined ? { type: 'image-url', url } : { type: 'image-data', data: inline.data, mediaType: inline.mediaType });
      continue;
    }
    log.add('dropped', 'tool output content item of an unknown kind: not mapped', place);
  }
  return { type: 'content', value };
}

/** `output` of a `function_call_output`/`custom_tool_call_output`, in any of the shapes Codex wrote. */
function toolOutputFrom(output: unknown, log: FidelityLog, place: FindingPlace): ToolOutput {
  if (typeof output === 'string') return toolOutputOf(output);
  if (Array.isArray(output)) return contentOutputOf(output, log, place);
  if (isRecord(output) && 'content' in output) {
    const failed = output.success === false;
    if (typeof output.content === 'string') return toolOutputOf(output.content, failed);
    if (Array.isArray(output.content)) {
      if (failed) log.add('dropped', 'failure flag of a tool output with content items: the AI SDK content output has none', place);
      return contentOutputOf(output.content, log, place);
    }
  }
  if (isRecord(output) && typeof output.type === 'string') return contentOutputOf([output], log, place);
  log.add('flagged', 'tool output in a shape Codex is not known to write: kept as JSON', place);
  return toolOutputOf(output ?? null);
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
    const type = typeof item.type === 'string' ? item.type : '(no type)';
    switch (type) {
      case 'message':
        this.message(item, line);
        return;
      case 'reasoning':
        this.reasoning(item, line);
        return;
      case 'function_call': {
        const { callId, name } = this.callIdentity(item, line, type);
        const { input } = parseToolArguments(item.arguments, this.log, { line });
        this.assistantParts([{ type: 'tool-call', toolCallId: callId, toolName: name, input }], line);
        return;
      }
      case 'custom_tool_call': {
        const { callId, name } = this.callIdentity(item, line, type);
        const input = typeof item.input === 'string' ? item.input : (item.input ?? '');
        this.assistantParts([{ type: 'tool-call', toolCallId: callId, toolName: name, input }], line);
        return;
      }
      case 'local_shell_call': {
        const callId = nonEmptyString(item.call_id) ?? nonEmptyString(item.id);
        if (callId === undefined) {
          throw new InvalidContentError(`Line ${line}: the local_shell_call has no call_id.`, { line });
        }
        const input = item.action ?? {};
        this.assistantParts([{ type: 'tool-call', toolCallId: callId, toolName: 'local_shell', input }], line);
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
        this.toolOutput(item, line, type);
        return;
    }
    this.log.add('dropped', lookup(ITEM_DROP_REASONS, type) ?? `response_item/${type}: not a message, reasoning, tool call or tool result Fork Lab can carry`, {
      line,
    });
  }

  private callIdentity(item: Record<string, unknown>, line: number, type: string): { callId: string; name: string } {
    const callId = nonEmptyString(item.call_id);
    const name = nonEmptyString(item.name);
    if (callId === undefined) throw new InvalidContentError(`Line ${line}: the ${type} has no call_id.`, { line });
    if (name === undefined) throw new InvalidContentError(`Line ${line}: the ${type} has no name.`, { line });
    return { callId, name };
  }

  private message(item: Record<string, unknown>, line: number): void {
    const role = item.role;
    if (typeof role !== 'string') throw new InvalidContentError(`Line ${line}: the message has no role.`, { line });
    if (!Array.isArray(item.content)) {
      throw new InvalidContentError(`Line ${line}: the ${role} message has no content list.`, { line });
    }
    const place = { line };
    const id = nonEmptyString(item.id);
    switch (role) {
      case 'user':
        this.userMessage(messagePartsOf(item.content, 'user', this.log, place) as UserPart[], line, id);
        return;
      case 'assistant':
        this.assistantParts(messagePartsOf(item.content, 'assistant', this.log, place) as AssistantPart[], line, id);
        return;
      case 'developer':
      case 'system':
        this.systemMessage(item.content, role, line, id);
        return;
    }
    throw new InvalidContentError(`Line ${line}: message role "${role}" is not one Codex writes (user, assistant or developer).`, { line });
  }

  private userMessage(parts: UserPart[], line: number, id: string | undefined): void {
    this.open = undefined;
    if (parts.length === 0) {
      this.log.add('dropped', 'user message with nothing Fork Lab can carry', { line });
      return;
    }
    const texts = parts.map((part) => (part.type === 'text' ? part.text : undefined));
    const allText = texts.every((text): text is string => text !== undefined);
    if (allText && isHarnessContext(texts)) {
      if (this.startupOpen) {
        this.builder.push({ role: 'user', content: parts }, { line, id, meta: true, note: 'startup context' });
        this.startup = this.builder.length;
        return;
      }
      // Codex sends its context again when the cwd or the instructions change; it is still not
      // the person asking, so it must not use up a turn of a fork window.
      this.log.add('guessed', 'AGENTS.md or environment context sent after the conversation started: marked as written by Codex, not a user turn', { line });
      this.push({ role: 'user', content: parts }, line, { id, meta: true, note: 'harness context' });
      return;
    }
    const entry = this.push({ role: 'user', content: parts }, line, { id });
    const summary = this.compactionSummary;
    if (summary !== undefined && allText && texts.some((text) => text.includes(summary))) this.summaryEntry = entry;
  }

  private systemMessage(content: readonly unknown[], role: string, line: number, id: string | undefined): void {
    this.open = undefined;
    const texts: string[] = [];
    for (const item of content) {
      if (isRecord(item) && (item.type === 'input_text' || item.type === 'output_text') && typeof item.text === 'string') {
        texts.push(item.text);
      } else {
        this.log.add('dropped', `${role} message content that is not text: a system message holds text only`, { line });
      }
    }
    if (texts.length === 0) return;
    if (role === 'developer') this.log.add('guessed', 'developer message mapped to a system message', { line });
    if (texts.length > 1) {
      this.log.add('merged', `${role} message text items joined (blank line between) into one system message`, { line });
    }
    const context = isHarnessContext(texts);
    const message = { role: 'system' as const, content: texts.join('\n\n') };
    if (this.startupOpen) {
      this.builder.push(message, { line, id, ...(context ? { meta: true, note: 'startup context' } : {}) });
      this.startup = this.builder.length;
      return;
    }
    this.push(message, line, { id });
  }

  private reasoning(item: Record<string, unknown>, line: number): void {
    const textsOf = (list: unknown): string[] =>
      Array.isArray(list) ? list.flatMap((entry) => (isRecord(entry) && typeof entry.text === 'string' && entry.text !== '' ? [entry.text] : [])) : [];
    const summary = textsOf(item.summary);
    const raw = textsOf(item.content);
    if (nonEmptyString(item.encrypted_content) !== undefined) {
      this.log.add('dropped', 'reasoning encrypted_content: only OpenAI can decrypt it, so it cannot be carried to another model', { line });
    }
    let texts = summary;
    if (summary.length === 0) texts = raw;
    else if (raw.length > 0) this.log.add('dropped', 'raw reasoning content beside its summary: the summary is kept', { line });
    if (texts.length === 0) {
      this.log.add('dropped', 'reasoning item with no summary text: nothing readable to carry', { line });
      return;
    }
    this.assistantParts([{ type: 'reasoning', text: texts.join('\n\n') }], line, nonEmptyString(item.id));
  }

  /** Reasoning, text and tool calls of one model response form one assistant message. */
  private assistantParts(parts: AssistantPart[], line: number, id?: string): void {
    if (parts.length === 0) {
      this.log.add('dropped', 'assistant message with nothing Fork Lab can carry', { line });
      return;
    }
    const last = this.builder.last();
    if (this.open === 'assistant' && last !== undefined && Array.isArray(last.message.content)) {
      (last.message.content as AssistantPart[]).push(...parts);
      this.log.add('merged', 'assistant items of one model response (reasoning, text, tool calls) merged into one assistant message', { line });
      this.historyLines.add(line);
      return;
    }
    this.push({ role: 'assistant', content: parts }, line, { id });
    this.open = 'assistant';
  }

  private toolOutput(item: Record<string, unknown>, line: number, type: string): void {
    const callId = nonEmptyString(item.call_id);
    if (callId === undefined) throw new InvalidContentError(`Line ${line}: the ${type} has no call_id.`, { line });
    // The name is the call's; the builder fills it in when it pairs the result with its call.
    const part: ToolResultPart = { type: 'tool-result', toolCallId: callId, toolName: '', output: toolOutputFrom(item.output, this.log, { line }) };
    const last = this.builder.last();
    if (this.open === 'tool' && last !== undefined && last.message.role === 'tool') {
      last.message.content.push(part);
      this.log.add('merged', 'consecutive tool outputs merged into one tool message', { line });
      this.historyLines.add(line);
      return;
    }
    this.push({ role: 'tool', content: [part] }, line, { id: nonEmptyString(item.id) });
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
