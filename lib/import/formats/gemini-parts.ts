import type { AssistantContent, ToolResultPart, UserContent } from 'ai';
import { toolOutputOf } from '../content-mapping';
import type { FidelityLog, FindingPlace } from '../fidelity-report';
import { InvalidContentError } from '../import-errors';
import { isRecord } from '../import-source';

/**
 * Gemini API `Part`s (`{text}`, `{functionCall}`, `{functionResponse}`, `{inlineData}`, …) as Gemini
 * CLI checkpoints, Gemini CLI sessions and Qwen Code transcripts store them, turned into AI SDK
 * content parts.
 */

export type AssistantPart = Exclude<AssistantContent, string>[number];
export type UserPart = Exclude<UserContent, string>[number];

/** A `functionResponse` as stored: `id` is missing in older histories. */
export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  response: unknown;
}

/** Where the parts came from, and what to call a function call that has no id. */
export interface PartsContext {
  log: FidelityLog;
  place: FindingPlace;
  /** An id for the function call at `partIndex` when the source gave it none. */
  callId: (partIndex: number) => string;
}

/** `Line 4` or `history[3]`: the start of an error message. */
export function describePlace(place: FindingPlace): string {
  if (place.line !== undefined) return `Line ${place.line}`;
  return place.field ?? 'The input';
}

/** Gemini CLI's `PartListUnion` (a string, one part or a list) as a list of parts. */
export function partListOf(content: unknown): unknown[] {
  if (content === undefined || content === null) return [];
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? { text: part } : part));
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return [content];
}

/** The text parts of a part list joined, as Gemini CLI reads a user message's words. */
export function textOfParts(parts: readonly unknown[]): string {
  return parts.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/**
 * Gemini CLI's compression summary: the model writes `<state_snapshot>…</state_snapshot>` and the
 * CLI sends it back as the first user content of the compressed history.
 */
export function isStateSnapshot(text: string): boolean {
  return text.trimStart().startsWith('<state_snapshot>');
}

/** A thought Gemini CLI recorded as `{subject, description}`, written back the way the CLI does. */
export function thoughtText(thought: unknown): string | undefined {
  if (!isRecord(thought)) return undefined;
  const subject = typeof thought.subject === 'string' ? thought.subject : '';
  const description = typeof thought.description === 'string' ? thought.description : '';
  if (subject === '' && description === '') return undefined;
  // Gemini CLI replays a legacy thought as `**subject** description` (sessionUtils.ts).
  return subject === '' ? description : `**${subject}** ${description}`;
}

/** The `functionResponse` of a part, or undefined when the part is something else. */
export function functionResponseOf(part: unknown): GeminiFunctionResponse | undefined {
  if (!isRecord(part) || !isRecord(part.functionResponse)) return undefined;
  const response = part.functionResponse;
  return {
    ...(typeof response.id === 'string' && response.id !== '' ? { id: response.id } : {}),
    name: typeof response.name === 'string' ? response.name : '',
    response: response.response,
  };
}

/** A tool result for a response; the name is filled in from the call when the response has none. */
export function toolResultOf(response: GeminiFunctionResponse, toolCallId: string, isError: boolean): ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId,
    toolName: response.name,
    output: toolOutputOf(response.response ?? null, isError),
  };
}

/**
 * The Gemini thought signature travels in the part's provider options, where the AI SDK's Google
 * provider reads it back; other providers ignore it.
 */
function signatureOf(part: Record<string, unknown>): { providerOptions?: { google: { thoughtSignature: string } } } {
  return typeof part.thoughtSignature === 'string' ? { providerOptions: { google: { thoughtSignature: part.thoughtSignature } } } : {};
}

interface Media {
  data: string;
  mediaType: string | undefined;
}

/** `inlineData {mimeType, data}` or `fileData {mimeType, fileUri}`. */
function mediaOf(part: Record<string, unknown>): Media | undefined {
  if (isRecord(part.inlineData) && typeof part.inlineData.data === 'string') {
    return {
      data: part.inlineData.data,
      mediaType: typeof part.inlineData.mimeType === 'string' ? part.inlineData.mimeType : undefined,
    };
  }
  if (isRecord(part.fileData) && typeof part.fileData.fileUri === 'string') {
    return {
      data: part.fileData.fileUri,
      mediaType: typeof part.fileData.mimeType === 'string' ? part.fileData.mimeType : undefined,
    };
  }
  return undefined;
}

const SERVER_SIDE_KEYS = ['executableCode', 'codeExecutionResult'] as const;

/** A part of the other side's kind: a function response in a model reply, a call in a user turn. */
interface MisplacedPart {
  key: 'functionCall' | 'functionResponse';
  reason: string;
}

const RESPONSE_IN_MODEL_REPLY: MisplacedPart = {
  key: 'functionResponse',
  reason: 'functionResponse in a model reply: a tool result belongs to a user turn, so it cannot be carried here',
};
const CALL_IN_USER_TURN: MisplacedPart = {
  key: 'functionCall',
  reason: 'functionCall in a user turn: only the model makes calls, so it cannot be carried here',
};

/** Why a part that maps to nothing on this side was left out. */
function droppedPartReason(part: Record<string, unknown>, misplaced: MisplacedPart): string {
  if (isRecord(part[misplaced.key])) return misplaced.reason;
  for (const key of SERVER_SIDE_KEYS) {
    if (key in part) return `Gemini part "${key}": code the Gemini API ran on its own servers; another model cannot replay it`;
  }
  return 'Gemini part of an unknown kind: not mapped';
}

/** A content's part, which the API only ever writes as an object. */
function partAt(part: unknown, index: number, context: PartsContext): Record<string, unknown> {
  if (!isRecord(part)) throw new InvalidContentError(`${describePlace(context.place)}: part ${index} is not an object.`, context.place);
  return part;
}

function mediaTypeOf(media: Media, context: PartsContext): string {
  if (media.mediaType !== undefined) return media.mediaType;
  context.log.add('guessed', 'inline data or file without a mimeType: carried as application/octet-stream', context.place);
  return 'application/octet-stream';
}

/** A model-role content's parts as assistant parts. */
export function assistantPartsOf(parts: readonly unknown[], context: PartsContext): AssistantPart[] {
  const out: AssistantPart[] = [];
  parts.forEach((raw, index) => {
    const part = partAt(raw, index, context);
    if (typeof part.text === 'string') {
      if (part.text === '') return;
      out.push(part.thought === true ? { type: 'reasoning', text: part.text, ...signatureOf(part) } : { type: 'text', text: part.text, ...signatureOf(part) });
      return;
    }
    if (isRecord(part.functionCall)) {
      const call = part.functionCall;
      if (typeof call.name !== 'string' || call.name === '') {
        throw new InvalidContentError(`${describePlace(context.place)}: the functionCall in part ${index} has no name.`, context.place);
      }
      let toolCallId = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
      if (toolCallId === undefined) {
        toolCallId = context.callId(index);
        context.log.add('guessed', 'function call without an id: Fork Lab gave it one to pair it with its result', context.place);
      }
      out.push({ type: 'tool-call', toolCallId, toolName: call.name, input: call.args ?? {}, ...signatureOf(part) });
      return;
    }
    const media = mediaOf(part);
    if (media !== undefined) {
      out.push({ type: 'file', data: media.data, mediaType: mediaTypeOf(media, context) });
      return;
    }
    context.log.add('dropped', droppedPartReason(part, RESPONSE_IN_MODEL_REPLY), context.place);
  });
  return out;
}

/** A user-role content split into what the person (or harness) sent and the tool results it carries. */
export interface UserSide {
  content: UserPart[];
  responses: GeminiFunctionResponse[];
}

/** A user-role content's parts: function responses apart, everything else as user parts. */
export function userSideOf(parts: readonly unknown[], context: PartsContext): UserSide {
  const side: UserSide = { content: [], responses: [] };
  parts.forEach((raw, index) => {
    const part = partAt(raw, index, context);
    const response = functionResponseOf(part);
    if (response !== undefined) {
      side.responses.push(response);
      return;
    }
    if (typeof part.text === 'string') {
      if (part.text !== '') side.content.push({ type: 'text', text: part.text, ...signatureOf(part) });
      return;
    }
    const media = mediaOf(part);
    if (media !== undefined) {
      const mediaType = mediaTypeOf(media, context);
      side.content.push(mediaType.startsWith('image/') ? { type: 'image', image: media.data, mediaType } : { type: 'file', data: media.data, mediaType });
      return;
    }
    context.log.add('dropped', droppedPartReason(part, CALL_IN_USER_TURN), context.place);
  });
  return side;
}

/**
 * Calls still waiting for a result. Older Gemini histories store `functionResponse` without an id;
 * the API pairs a response with the call of the same name, so the first unanswered call of that
 * name is the one it answers (Gemini CLI's own `ensureStableToolIds` pairs them the same way).
 */
export class OpenCalls {
  /** Unanswered calls by id, and by name in the order they were made (ids answered drop out lazily). */
  private readonly byId = new Map<string, string>();
  private readonly byName = new Map<string, { ids: string[]; next: number }>();

  addFrom(parts: readonly AssistantPart[]): void {
    for (const part of parts) {
      if (part.type !== 'tool-call') continue;
      this.byId.set(part.toolCallId, part.toolName);
      const queue = this.byName.get(part.toolName);
      if (queue === undefined) this.byName.set(part.toolName, { ids: [part.toolCallId], next: 0 });
      else queue.ids.push(part.toolCallId);
    }
  }

  /** The id of the call `response` answers; `guessed` when it was paired by name. */
  answer(response: GeminiFunctionResponse): { id: string; guessed: boolean } | undefined {
    if (response.id !== undefined) {
      this.byId.delete(response.id);
      return { id: response.id, guessed: false };
    }
    const queue = this.byName.get(response.name);
    while (queue !== undefined && queue.next < queue.ids.length) {
      const id = queue.ids[queue.next++]!;
      if (this.byId.delete(id)) return { id, guessed: true };
    }
    return undefined;
  }
}

/** Tool results for a user turn's function responses, each paired with the call it answers. */
export function pairedResults(
  responses: readonly GeminiFunctionResponse[],
  calls: OpenCalls,
  isError: boolean,
  context: Pick<PartsContext, 'log' | 'place'>,
): ToolResultPart[] {
  return responses.map((response, index) => {
    const answer = calls.answer(response);
    if (answer?.guessed) {
      context.log.add('guessed', 'function response without an id: paired with the first unanswered call of the same name', context.place);
    }
    // A response that answers no call keeps a placeholder id; the builder then drops it and says so.
    return toolResultOf(response, answer?.id ?? `unpaired-${response.name || 'tool'}-${index + 1}`, isError);
  });
}
