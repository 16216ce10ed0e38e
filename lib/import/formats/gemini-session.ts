import type { ToolResultPart } from 'ai';
import type { FidelityLog, FindingPlace } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord, nonEmptyString, type SourceRecord } from '../import-source';
import { importedProfile } from '../imported-profile';
import { TranscriptBuilder } from '../transcript-builder';
import {
  type AssistantPart,
  assistantPartsOf,
  describePlace,
  functionResponseOf,
  type GeminiFunctionResponse,
  isStateSnapshot,
  OpenCalls,
  pairedResults,
  partListOf,
  textOfParts,
  thoughtText,
  toolResultOf,
  type UserPart,
  userSideOf,
} from './gemini-parts';

const LABEL = 'Gemini CLI session (JSON or JSONL)';
const FORMAT = 'gemini-session';

/** Session fields Gemini CLI writes in the header and in `$set` updates; none is conversation. */
const SESSION_FIELDS = new Set(['sessionId', 'projectHash', 'startTime', 'lastUpdated', 'kind', 'summary', 'directories']);

/** Fields of a tool call that only the person saw. */
const TOOL_CALL_DISPLAY_FIELDS = ['resultDisplay', 'displayName', 'description', 'renderOutputAsMarkdown'];

/** A message record and where it came from. */
interface StoredMessage {
  record: Record<string, unknown>;
  place: FindingPlace;
}

interface Session {
  metadata: Record<string, unknown>;
  messages: StoredMessage[];
}

function isHeader(value: Record<string, unknown>): boolean {
  return typeof value.sessionId === 'string' && typeof value.projectHash === 'string';
}

function detect(source: ImportSource): number {
  if (source.shape === 'json') {
    const value = source.value;
    if (!isRecord(value)) return 0;
    if (typeof value.projectHash === 'string' && (Array.isArray(value.messages) || typeof value.sessionId === 'string')) return 1;
    const messages = value.messages;
    const geminiLike = Array.isArray(messages) && messages.some((message) => isRecord(message) && message.type === 'gemini');
    return geminiLike && typeof value.sessionId === 'string' ? 0.8 : 0;
  }
  const sample = source.records.slice(0, 50).map(({ value }) => value);
  if (sample.some((value) => isRecord(value) && (isRecord(value.$set) || typeof value.$rewindTo === 'string'))) return 1;
  const first = sample[0];
  if (isRecord(first) && isHeader(first) && !('uuid' in first)) return 1;
  const geminiMessages = sample.some((value) => isRecord(value) && typeof value.id === 'string' && value.type === 'gemini' && !('uuid' in value));
  return geminiMessages ? 0.8 : 0;
}

/** The legacy file: one JSON object holding the whole session. */
function legacySession(value: unknown, log: FidelityLog): Session {
  if (!isRecord(value)) throw new FormatMismatchError(LABEL, 'the input is not a session object');
  if (!Array.isArray(value.messages)) {
    if (!isHeader(value)) throw new FormatMismatchError(LABEL, 'the object has no messages list', { field: 'messages' });
    return { metadata: value, messages: [] };
  }
  for (const key of Object.keys(value)) {
    if (key !== 'messages' && key !== 'memoryScratchpad' && !SESSION_FIELDS.has(key)) {
      log.add('dropped', `top-level key "${key}" is not part of Gemini CLI's session format: ignored`, { field: key });
    }
  }
  if (value.memoryScratchpad !== undefined) dropScratchpad(log, { field: 'memoryScratchpad' });
  const messages = value.messages.map((message, index) => {
    const field = `messages[${index}]`;
    if (!isRecord(message)) throw new InvalidContentError(`${field} is not an object.`, { field });
    return { record: message, place: { field } };
  });
  return { metadata: value, messages };
}

function dropScratchpad(log: FidelityLog, place: FindingPlace): void {
  log.add('dropped', "memoryScratchpad: Gemini CLI's working notes for the session, not a message; not carried", place);
}

/**
 * The JSONL file is an append-only log that Gemini CLI replays on resume: a message record is
 * upserted by id (a rewrite keeps the message's place), `$rewindTo` removes a message and all after
 * it, `$set` updates the session fields and, with `messages`, replaces the whole list.
 */
function replayLog(records: readonly SourceRecord[], log: FidelityLog): Session {
  const metadata: Record<string, unknown> = {};
  const messages = new Map<string, StoredMessage>();
  let recognised = false;
  for (const { line, value } of records) {
    if (!isRecord(value)) {
      throw new InvalidContentError(`Line ${line}: expected a Gemini CLI session record (an object), found ${JSON.stringify(value)}.`, {
        line,
      });
    }
    if (typeof value.$rewindTo === 'string') {
      recognised = true;
      rewind(messages, value.$rewindTo, line, log);
    } else if (typeof value.id === 'string') {
      recognised = true;
      const earlier = messages.get(value.id);
      if (earlier !== undefined) {
        log.add(
          'merged',
          'superseded by a later record with the same id: Gemini CLI writes a whole message again when its tool calls, results or tokens change; the latest version is kept',
          earlier.place,
        );
      }
      messages.set(value.id, { record: value, place: { line } });
    } else if (isRecord(value.$set)) {
      recognised = true;
      applySet(value.$set, metadata, messages, line, log);
    } else if (isHeader(value)) {
      recognised = true;
      Object.assign(metadata, value);
    } else {
      log.add('dropped', 'record that is not a message, $set, $rewindTo or session header: Gemini CLI skips it', { line });
    }
  }
  if (!recognised) {
    throw new FormatMismatchError(LABEL, 'no line is a session header, a message with an id, a $set or a $rewindTo', {
      line: records[0]?.line,
    });
  }
  return { metadata, messages: [...messages.values()] };
}

function rewind(messages: Map<string, StoredMessage>, target: string, line: number, log: FidelityLog): void {
  const ids = [...messages.keys()];
  const index = ids.indexOf(target);
  if (index < 0) {
    log.add('flagged', '$rewindTo names a message not in the file: Gemini CLI then clears the whole history', { line });
  }
  for (const id of index < 0 ? ids : ids.slice(index)) {
    log.add('dropped', 'removed by /rewind ($rewindTo): the conversation went back to before this message', messages.get(id)!.place);
    messages.delete(id);
  }
}

function applySet(
  update: Record<string, unknown>,
  metadata: Record<string, unknown>,
  messages: Map<string, StoredMessage>,
  line: number,
  log: FidelityLog,
): void {
  for (const [key, value] of Object.entries(update)) {
    if (key === 'messages' && Array.isArray(value)) {
      replaceMessages(messages, value, line, log);
    } else if (SESSION_FIELDS.has(key)) {
      metadata[key] = value;
    } else if (key === 'memoryScratchpad') {
      dropScratchpad(log, { line });
    } else {
      log.add('dropped', `$set of "${key}": not a session field Fork Lab knows; not applied`, { line });
    }
  }
}

/** `$set.messages`: Gemini CLI rewrote the history (compression, masking, a rolled-back turn). */
function replaceMessages(messages: Map<string, StoredMessage>, list: readonly unknown[], line: number, log: FidelityLog): void {
  const replaced = new Map(messages);
  messages.clear();
  list.forEach((record, index) => {
    const field = `$set.messages[${index}]`;
    if (!isRecord(record)) throw new InvalidContentError(`Line ${line}: ${field} is not an object.`, { line, field });
    const id = typeof record.id === 'string' ? record.id : `${line}:${index}`;
    replaced.delete(id);
    messages.set(id, { record, place: { line, field } });
  });
  log.add('flagged', '$set.messages replaced the message list: Gemini CLI rewrote the history the model sees', { line });
  for (const gone of replaced.values()) {
    log.add('dropped', 'left out of a later $set.messages: the model no longer saw it', gone.place);
  }
}

/** Turns the session's final message list into the transcript. */
class SessionConversion {
  private readonly builder: TranscriptBuilder;
  private readonly calls = new OpenCalls();
  private model: string | undefined;

  constructor(private readonly log: FidelityLog) {
    this.builder = new TranscriptBuilder(FORMAT, log);
  }

  convert(session: Session): ConvertedImport {
    for (const stored of session.messages) this.message(stored);
    const profile = importedProfile(
      { agentId: nonEmptyString(session.metadata.sessionId), model: this.model, systemInstruction: undefined, tools: undefined },
      this.log,
      LABEL,
    );
    const title = nonEmptyString(session.metadata.summary);
    return { transcript: this.builder.finish(profile), ...(title === undefined ? {} : { title }) };
  }

  private message({ record, place }: StoredMessage): void {
    const type = record.type;
    if (typeof type !== 'string') throw new InvalidContentError(`${describePlace(place)}: the message has no type.`, place);
    const content = record.content;
    if (content !== undefined && content !== null && typeof content !== 'string' && typeof content !== 'object') {
      throw new InvalidContentError(`${describePlace(place)}: the message content is a ${typeof content}.`, place);
    }
    switch (type) {
      case 'user':
        this.user(record, place);
        return;
      case 'gemini':
        this.gemini(record, place);
        return;
      case 'info':
      case 'error':
      case 'warning':
        this.log.add('dropped', `${type} message: shown to the person, not sent to the model`, place);
        return;
      case 'model':
        if (Array.isArray(record.parts)) {
          // Not a type Gemini CLI writes, but its `parts` are a Gemini API reply; dropping them would
          // lose words the model said.
          this.log.add('guessed', 'message of type "model" with parts (not a type Gemini CLI writes): read as a Gemini reply', place);
          this.reply(record, partListOf(record.parts), place);
          return;
        }
        break;
    }
    this.log.add('dropped', `message type "${type}": not one Gemini CLI sends to the model`, place);
  }

  private user(record: Record<string, unknown>, place: FindingPlace): void {
    const parts = partListOf(record.content);
    if (record.displayContent !== undefined) {
      this.log.add('dropped', 'displayContent: what the person saw; the model got the content', place);
    }
    const allText = parts.every((part) => isRecord(part) && typeof part.text === 'string');
    const text = textOfParts(parts).trim();
    // Gemini CLI leaves these out when it rebuilds the history it sends (sessionUtils.ts).
    if (allText && text === '') {
      this.log.add('dropped', 'empty user message: Gemini CLI does not send it to the model', place);
      return;
    }
    if (allText && (text.startsWith('/') || text.startsWith('?'))) {
      this.log.add('dropped', 'slash command or ? help typed by the person: handled by Gemini CLI, not sent to the model', place);
      return;
    }
    const id = nonEmptyString(record.id);
    const side = userSideOf(parts, { log: this.log, place, callId: () => '' });
    if (side.responses.length > 0) {
      this.pushResults(pairedResults(side.responses, this.calls, false, { log: this.log, place }), place, id);
    }
    if (side.content.length === 0) return;
    const harness = text.startsWith('<session_context>') ? 'startup context' : text.startsWith('<hook_context>') ? 'hook context' : undefined;
    this.builder.push(
      { role: 'user', content: side.content },
      {
        ...place,
        id: side.responses.length > 0 && id !== undefined ? `${id}_parts` : id,
        ...(harness === undefined ? {} : { meta: true, note: harness }),
        ...(isStateSnapshot(text) ? { compactionSummary: true } : {}),
      },
    );
  }

  private gemini(record: Record<string, unknown>, place: FindingPlace): void {
    if (nonEmptyString(record.model) !== undefined) this.model = record.model as string;
    if (record.tokens !== undefined && record.tokens !== null) {
      this.log.add('dropped', 'token counts (tokens): usage, not conversation', place);
    }
    this.reply(record, partListOf(record.content), place);
  }

  /**
   * A reply in the order Gemini CLI sends it back: its content parts when they already hold the
   * thoughts and calls (newer sessions), otherwise thoughts, text, then the recorded tool calls;
   * then one tool message with the calls' results.
   */
  private reply(record: Record<string, unknown>, contentParts: unknown[], place: FindingPlace): void {
    const id = nonEmptyString(record.id);
    const toolCalls = this.toolCallsOf(record, place);
    const context = { log: this.log, place, callId: (index: number) => `${id ?? 'reply'}-call-${index + 1}` };
    const modern = contentParts.some((part) => isRecord(part) && (isRecord(part.functionCall) || part.thought === true));
    const parts: AssistantPart[] = [];
    const thoughts = Array.isArray(record.thoughts) ? record.thoughts : [];
    if (modern) {
      if (thoughts.length > 0) {
        this.log.add('dropped', 'thoughts recorded beside thought parts in the content: the content is what Gemini CLI sends, so it is kept', place);
      }
      parts.push(...assistantPartsOf(contentParts, context));
    } else {
      for (const thought of thoughts) {
        const text = thoughtText(thought);
        if (text !== undefined) parts.push({ type: 'reasoning', text });
      }
      parts.push(...assistantPartsOf(contentParts, context));
      for (const call of toolCalls) parts.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args });
    }
    if (parts.length === 0) {
      this.log.add('dropped', 'empty reply (no text, thoughts or tool calls): Gemini CLI does not send it to the model', place);
      return;
    }
    this.calls.addFrom(parts);
    this.builder.push({ role: 'assistant', content: parts }, { ...place, id });
    const results: ToolResultPart[] = [];
    const attachments: UserPart[] = [];
    for (const call of toolCalls) {
      for (const response of this.responsesOf(call, attachments, place)) {
        this.calls.answer({ ...response, id: response.id ?? call.id });
        results.push(toolResultOf(response, response.id ?? call.id, call.failed));
      }
    }
    // Gemini CLI names the user turn that carries a reply's results `<id>_response`.
    const responseId = id === undefined ? undefined : `${id}_response`;
    if (results.length > 0) this.pushResults(results, place, responseId);
    if (attachments.length > 0) {
      this.log.add('flagged', 'non-response parts of a tool result (text, files) carried in a user message right after the results', place);
      this.builder.push(
        { role: 'user', content: attachments },
        { ...place, id: responseId === undefined ? undefined : `${responseId}_parts`, meta: true, note: 'sent with the tool results' },
      );
    }
  }

  private toolCallsOf(record: Record<string, unknown>, place: FindingPlace): ToolCallRecord[] {
    if (record.toolCalls === undefined || record.toolCalls === null) return [];
    if (!Array.isArray(record.toolCalls)) {
      throw new InvalidContentError(`${describePlace(place)}: toolCalls is not a list.`, place);
    }
    const messageId = nonEmptyString(record.id) ?? 'reply';
    return record.toolCalls.map((call, index) => {
      if (!isRecord(call) || nonEmptyString(call.name) === undefined) {
        throw new InvalidContentError(`${describePlace(place)}: toolCalls[${index}] has no name.`, place);
      }
      if (TOOL_CALL_DISPLAY_FIELDS.some((field) => field in call)) {
        this.log.add('dropped', 'tool call display fields (resultDisplay, displayName, description): shown to the person, not sent to the model', place);
      }
      let id = nonEmptyString(call.id);
      if (id === undefined) {
        id = `${messageId}-call-${index + 1}`;
        this.log.add('guessed', 'tool call without an id: Fork Lab gave it one to pair it with its result', place);
      }
      // A cancelled call's result is Gemini CLI's cancellation notice: the call did not succeed either.
      const failed = call.status === 'error' || call.status === 'cancelled';
      return { id, name: call.name as string, args: call.args ?? {}, result: call.result, failed };
    });
  }

  /** A call's recorded result as function responses, the way Gemini CLI replays it. */
  private responsesOf(call: ToolCallRecord, attachments: UserPart[], place: FindingPlace): GeminiFunctionResponse[] {
    const result = call.result;
    if (result === undefined || result === null) return [];
    if (typeof result === 'string') return [{ id: call.id, name: call.name, response: { output: result } }];
    const responses: GeminiFunctionResponse[] = [];
    const others: unknown[] = [];
    for (const part of partListOf(result)) {
      const response = functionResponseOf(part);
      if (response === undefined) others.push(part);
      else responses.push({ ...response, name: response.name || call.name });
    }
    attachments.push(...userSideOf(others, { log: this.log, place, callId: () => '' }).content);
    return responses;
  }

  private pushResults(results: ToolResultPart[], place: FindingPlace, id: string | undefined): void {
    this.builder.push({ role: 'tool', content: results }, { ...place, id });
  }
}

interface ToolCallRecord {
  id: string;
  name: string;
  args: unknown;
  result: unknown;
  failed: boolean;
}

export const geminiSessionFormat: ImportFormat = {
  id: 'gemini-session',
  label: LABEL,
  detect,
  convert(source: ImportSource, log: FidelityLog): ConvertedImport {
    const session = source.shape === 'json' ? legacySession(source.value, log) : replayLog(source.records, log);
    return new SessionConversion(log).convert(session);
  },
};
