import type { ToolResultPart } from 'ai';
import type { ModelMessage, ToolDeclaration, TranscriptMessage } from '@/lib/fork';
import type { FidelityLog, FindingPlace } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord, nonEmptyString, recordsOf, type SourceRecord } from '../import-source';
import { importedProfile } from '../imported-profile';
import { LineSpan } from '../line-span';
import { TranscriptBuilder } from '../transcript-builder';
import { type AssistantPart, assistantPartsOf, isStateSnapshot, OpenCalls, pairedResults, textOfParts, type UserPart, userSideOf } from './gemini-parts';
import { activeChain, CONVERSATION_TYPES, isQwenRecord, MODEL_SYSTEM_SUBTYPES, type QwenLine, readLines } from './qwen-code-chain';

const LABEL = 'Qwen Code session (JSONL)';
const FORMAT = 'qwen-code';

function detect(source: ImportSource): number {
  const sample = recordsOf(source).slice(0, 50);
  return sample.some(({ value }) => isRecord(value) && isQwenRecord(value)) ? 1 : 0;
}

function profileTools(value: unknown): ToolDeclaration[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((tool): ToolDeclaration[] => {
    if (typeof tool === 'string') return [{ name: tool }];
    if (!isRecord(tool) || nonEmptyString(tool.name) === undefined) return [];
    const schema = [tool.inputSchema, tool.parametersJsonSchema, tool.parameters].find(isRecord);
    return [
      {
        name: tool.name as string,
        ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
        ...(schema === undefined ? {} : { inputSchema: schema }),
      },
    ];
  });
}

function instructionText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && Array.isArray(value.parts)) return textOfParts(value.parts);
  return undefined;
}

/** The fork's first prompt, held until the records after it show which text the model received. */
interface PendingPrompt {
  content: UserPart[];
  line: number;
  id: string;
}

class QwenConversion {
  private readonly builder: TranscriptBuilder;
  private readonly calls = new OpenCalls();
  private model: string | undefined;
  private systemInstruction: string | undefined;
  private tools: ToolDeclaration[] | undefined;
  /** The message the next record of the same kind extends. */
  private open: 'assistant' | 'tool' | undefined;
  /** Between a fork's agent_bootstrap and its first reply: the launch seed and launch prompt. */
  private forkStart: { seed?: PendingPrompt; launch?: PendingPrompt } | undefined;
  /** Set by an agent_bootstrap record: the transcript is a fork's, so the agent runs inside a fork. */
  private forkDepth: number | undefined;
  private readonly historyLines = new LineSpan();

  constructor(private readonly log: FidelityLog) {
    this.builder = new TranscriptBuilder(FORMAT, log);
  }

  convert(records: readonly SourceRecord[]): ConvertedImport {
    const lines = readLines(records, this.log);
    if (!lines.some((line) => isQwenRecord(line.record))) {
      throw new FormatMismatchError(LABEL, 'no record has Gemini-style message parts or a Qwen Code record type', {
        line: records[0]?.line,
      });
    }
    const chain = activeChain(lines, this.log);
    const onChain = new Set(chain);
    let title: string | undefined;
    for (const line of lines) {
      if (line.sidechain && !onChain.has(line)) {
        this.log.add('kept-apart', "subagent (isSidechain) records: a subagent's own conversation, not the parent's", { line: line.line });
      } else if (line.type === 'system' && !MODEL_SYSTEM_SUBTYPES.has(line.subtype ?? '')) {
        if (line.subtype === 'custom_title' && isRecord(line.record.systemPayload)) {
          title = nonEmptyString(line.record.systemPayload.customTitle) ?? title;
        }
        this.log.add('dropped', `system/${line.subtype ?? '(no subtype)'}: Qwen Code's own bookkeeping, never sent to the model`, {
          line: line.line,
        });
      } else if (!onChain.has(line)) {
        this.log.add('dropped', 'not on the active branch (rewound or abandoned): the model did not continue from it', { line: line.line });
      }
    }
    for (const line of chain) this.line(line);
    this.settleFork();
    const sessionId = nonEmptyString(chain[chain.length - 1]?.record.sessionId);
    const stored = importedProfile({ agentId: sessionId, model: this.model, systemInstruction: this.systemInstruction, tools: this.tools }, this.log, LABEL);
    const profile = this.forkDepth === undefined ? stored : { ...stored, depth: this.forkDepth, forkChild: true };
    return { transcript: this.builder.finish(profile), ...(title === undefined ? {} : { title }) };
  }

  private line(line: QwenLine): void {
    if (line.type === 'system') {
      if (line.subtype === 'agent_bootstrap') this.bootstrap(line);
      else if (line.subtype === 'agent_launch_prompt') this.launchPrompt(line);
      else if (line.subtype === 'chat_compression') this.compression(line);
      return;
    }
    const parts = this.partsOf(line);
    if (parts === undefined) {
      this.log.add('dropped', `record type "${line.type}": not one Qwen Code sends to the model`, { line: line.line });
      return;
    }
    if (line.type === 'user') {
      this.user(line, parts);
      return;
    }
    this.settleFork();
    if (line.type === 'assistant') this.assistant(line, parts);
    else this.toolResult(line, parts);
  }

  private partsOf(line: QwenLine): unknown[] | undefined {
    if (!CONVERSATION_TYPES.has(line.type)) return undefined;
    const message = line.record.message;
    if (!isRecord(message) || !Array.isArray(message.parts)) {
      throw new InvalidContentError(`Line ${line.line}: the ${line.type} record has no message with a parts list.`, { line: line.line });
    }
    return message.parts;
  }

  private user(line: QwenLine, parts: unknown[]): void {
    const place = { line: line.line };
    const side = userSideOf(parts, { log: this.log, place, callId: () => '' });
    const fork = this.forkStart;
    if (fork !== undefined && fork.seed === undefined && side.responses.length === 0 && side.content.length > 0) {
      fork.seed = { content: side.content, line: line.line, id: line.uuid };
      return;
    }
    this.settleFork();
    this.open = undefined;
    if (side.responses.length > 0) {
      this.push({ role: 'tool', content: pairedResults(side.responses, this.calls, false, { log: this.log, place }) }, place, line.uuid);
    }
    if (side.content.length === 0) return;
    const summary = isStateSnapshot(textOfParts(parts));
    this.push({ role: 'user', content: side.content }, place, side.responses.length > 0 ? `${line.uuid}-parts` : line.uuid, {
      ...(summary ? { compactionSummary: true } : {}),
    });
  }

  private assistant(line: QwenLine, parts: unknown[]): void {
    const place = { line: line.line };
    if (nonEmptyString(line.record.model) !== undefined) this.model = line.record.model as string;
    if (line.record.usageMetadata !== undefined) {
      this.log.add('dropped', 'token usage (usageMetadata): usage, not conversation', place);
    }
    const content = assistantPartsOf(parts, { log: this.log, place, callId: (index) => `${line.uuid}-call-${index + 1}` });
    if (content.length === 0) {
      this.log.add('dropped', 'assistant record with nothing Fork Lab can carry', place);
      return;
    }
    this.calls.addFrom(content);
    const last = this.builder.last();
    if (this.open === 'assistant' && last !== undefined && Array.isArray(last.message.content)) {
      (last.message.content as AssistantPart[]).push(...content);
      this.log.add('merged', 'consecutive assistant records merged into one assistant message (one model turn)', place);
      this.historyLines.add(line.line);
      return;
    }
    this.push({ role: 'assistant', content }, place, line.uuid);
    this.open = 'assistant';
  }

  private toolResult(line: QwenLine, parts: unknown[]): void {
    const place = { line: line.line };
    const side = userSideOf(parts, { log: this.log, place, callId: () => '' });
    const result = line.record.toolCallResult;
    if (result !== undefined) {
      this.log.add('dropped', 'toolCallResult: the display copy of the result, shown to the person (the model got the functionResponse)', place);
    }
    const failed = isRecord(result) && result.status === 'error';
    const results: ToolResultPart[] = pairedResults(side.responses, this.calls, failed, { log: this.log, place });
    const last = this.builder.last();
    if (results.length > 0) {
      if (this.open === 'tool' && last !== undefined && last.message.role === 'tool') {
        last.message.content.push(...results);
        this.log.add('merged', 'consecutive tool_result records merged into one tool message', place);
        this.historyLines.add(line.line);
      } else {
        this.push({ role: 'tool', content: results }, place, line.uuid);
        this.open = 'tool';
      }
    }
    if (side.content.length > 0) {
      this.log.add('flagged', 'non-response parts of a tool result (text, files) carried in a user message right after the results', place);
      this.push({ role: 'user', content: side.content }, place, `${line.uuid}-parts`, { meta: true, note: 'sent with the tool results' });
      this.open = undefined;
    }
  }

  /** A fork's transcript starts with the history the fork inherited from its parent. */
  private bootstrap(line: QwenLine): void {
    const place = { line: line.line };
    const payload = line.record.systemPayload;
    if (!isRecord(payload)) {
      throw new InvalidContentError(`Line ${line.line}: the agent_bootstrap record has no systemPayload.`, place);
    }
    this.settleFork();
    const note = 'inherited by the fork (agent_bootstrap)';
    if (Array.isArray(payload.history)) {
      for (const [index, content] of payload.history.entries()) {
        this.pushContent(content, { line: line.line, field: `systemPayload.history[${index}]` }, `${line.uuid}-history-${index}`, note);
      }
    } else if (Array.isArray(payload.initialMessages)) {
      // Fork Lab's own bootstrap record holds AI SDK messages already.
      payload.initialMessages.forEach((message, index) => {
        const field = `systemPayload.initialMessages[${index}]`;
        if (!isRecord(message) || typeof message.role !== 'string') {
          throw new InvalidContentError(`Line ${line.line}: ${field} is not a message.`, { line: line.line, field });
        }
        this.push(message as unknown as ModelMessage, { line: line.line, field }, `${line.uuid}-history-${index}`, { note });
        if (message.role === 'assistant' && Array.isArray(message.content)) this.calls.addFrom(message.content as AssistantPart[]);
      });
    } else {
      throw new InvalidContentError(`Line ${line.line}: the agent_bootstrap record holds no history.`, place);
    }
    this.systemInstruction = instructionText(payload.systemInstruction) ?? this.systemInstruction;
    this.tools = profileTools(payload.tools) ?? this.tools;
    this.model = nonEmptyString(payload.model) ?? this.model;
    this.log.add('flagged', "agent_bootstrap: this is a fork's transcript; the history it inherited from its parent starts it", place);
    // Qwen's records carry no depth (a Qwen fork always starts from the top-level session); Fork Lab's do.
    this.forkDepth = typeof payload.depth === 'number' && Number.isInteger(payload.depth) && payload.depth >= 1 ? payload.depth : 1;
    const taskPrompt = nonEmptyString(payload.taskPrompt);
    this.forkStart = taskPrompt === undefined ? {} : { launch: { content: [{ type: 'text', text: taskPrompt }], line: line.line, id: `${line.uuid}-task` } };
  }

  private launchPrompt(line: QwenLine): void {
    const payload = line.record.systemPayload;
    const text = isRecord(payload) ? payload.displayText : undefined;
    if (typeof text !== 'string') {
      throw new InvalidContentError(`Line ${line.line}: the agent_launch_prompt record has no displayText.`, { line: line.line });
    }
    const prompt: PendingPrompt = { content: [{ type: 'text', text }], line: line.line, id: line.uuid };
    if (this.forkStart !== undefined) {
      this.forkStart.launch = prompt;
      return;
    }
    this.open = undefined;
    this.push({ role: 'user', content: prompt.content }, { line: line.line }, prompt.id, { note: 'fork launch prompt' });
  }

  /**
   * Qwen Code records a fork's task twice: a user record with the task as given (the launch seed),
   * then agent_launch_prompt with the text the fork actually received. The model saw the second.
   */
  private settleFork(): void {
    const fork = this.forkStart;
    if (fork === undefined) return;
    this.forkStart = undefined;
    const prompt = fork.launch ?? fork.seed;
    if (prompt === undefined) return;
    if (fork.launch !== undefined && fork.seed !== undefined) {
      this.log.add('merged', 'fork launch seed (the task as given) replaced by the agent_launch_prompt text the fork received', { line: fork.seed.line });
    }
    this.open = undefined;
    this.push({ role: 'user', content: prompt.content }, { line: prompt.line }, prompt.id, {
      ...(fork.launch === undefined ? {} : { note: 'fork launch prompt' }),
    });
  }

  /** chat_compression: the model's history is replaced by the compressed one it stores. */
  private compression(line: QwenLine): void {
    const payload = line.record.systemPayload;
    if (!isRecord(payload) || !Array.isArray(payload.compressedHistory)) {
      throw new InvalidContentError(`Line ${line.line}: the chat_compression record has no compressedHistory list.`, {
        line: line.line,
      });
    }
    this.settleFork();
    this.open = undefined;
    const range = this.historyLines.take();
    this.builder.truncate(0);
    if (range !== undefined) {
      this.log.add('dropped', `${range}: replaced by the chat_compression's compressedHistory (the model no longer saw them)`, {
        line: line.line,
      });
    }
    for (const [index, content] of payload.compressedHistory.entries()) {
      this.pushContent(content, { line: line.line, field: `systemPayload.compressedHistory[${index}]` }, `${line.uuid}-history-${index}`);
    }
  }

  /** One Gemini `Content` of a stored history: a model reply, or a user turn and its tool results. */
  private pushContent(content: unknown, place: FindingPlace, id: string, note?: string): void {
    if (!isRecord(content) || (content.role !== 'user' && content.role !== 'model') || !Array.isArray(content.parts)) {
      throw new InvalidContentError(`Line ${place.line}: ${place.field} is not a Gemini content {role, parts}.`, place);
    }
    const options = note === undefined ? {} : { note };
    this.open = undefined;
    if (content.role === 'model') {
      const parts = assistantPartsOf(content.parts, { log: this.log, place, callId: (index) => `${id}-call-${index + 1}` });
      if (parts.length === 0) return;
      this.calls.addFrom(parts);
      this.push({ role: 'assistant', content: parts }, place, id, options);
      return;
    }
    const side = userSideOf(content.parts, { log: this.log, place, callId: () => '' });
    if (side.responses.length > 0) {
      this.push({ role: 'tool', content: pairedResults(side.responses, this.calls, false, { log: this.log, place }) }, place, id, options);
    }
    if (side.content.length === 0) return;
    const summary = isStateSnapshot(textOfParts(content.parts));
    this.push({ role: 'user', content: side.content }, place, side.responses.length > 0 ? `${id}-parts` : id, {
      ...options,
      ...(summary ? { compactionSummary: true } : {}),
    });
  }

  private push(
    message: ModelMessage,
    place: FindingPlace,
    id: string,
    options: { meta?: boolean; note?: string; compactionSummary?: boolean } = {},
  ): TranscriptMessage {
    const entry = this.builder.push(message, { ...place, id, ...options });
    if (place.line !== undefined) this.historyLines.add(place.line);
    return entry;
  }
}

export const qwenCodeFormat: ImportFormat = {
  id: 'qwen-code',
  label: LABEL,
  detect,
  convert: (source, log) => new QwenConversion(log).convert(recordsOf(source)),
};
