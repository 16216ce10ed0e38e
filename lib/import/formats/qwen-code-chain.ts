import type { FidelityLog } from '../fidelity-report';
import { InvalidContentError } from '../import-errors';
import { isRecord, nonEmptyString, type SourceRecord } from '../import-source';

/*
 * A Qwen Code session's records and the chain through them: each record names its parent
 * (`parentUuid`), and the conversation the model continued is the chain that ends at the newest one.
 */

/** System records that change what the model sees; every other subtype is Qwen Code's bookkeeping. */
export const MODEL_SYSTEM_SUBTYPES = new Set(['agent_bootstrap', 'agent_launch_prompt', 'chat_compression']);

/** Subtypes only Qwen Code writes (Claude Code, which shares the chain fields, has none of them). */
const QWEN_SUBTYPES = new Set([
  ...MODEL_SYSTEM_SUBTYPES,
  'ui_telemetry',
  'attribution_snapshot',
  'slash_command',
  'at_command',
  'custom_title',
  'session_notes',
  'file_history_snapshot',
  'agent_retry',
  'agent_session_ready',
  'rewind',
]);

export const CONVERSATION_TYPES = new Set(['user', 'assistant', 'tool_result']);

/** One record as the importer reads it. */
export interface QwenLine {
  line: number;
  record: Record<string, unknown>;
  uuid: string;
  parentUuid: string | undefined;
  sidechain: boolean;
  type: string;
  subtype: string | undefined;
}

export function isQwenRecord(value: Record<string, unknown>): boolean {
  if (typeof value.uuid !== 'string' || !('parentUuid' in value)) return false;
  if (isRecord(value.message) && Array.isArray(value.message.parts)) return true;
  if (value.type === 'tool_result') return true;
  return value.type === 'system' && typeof value.subtype === 'string' && QWEN_SUBTYPES.has(value.subtype);
}

/** Whether the record carries conversation (and so can be the newest point of the chain). */
function carriesConversation(line: QwenLine): boolean {
  return CONVERSATION_TYPES.has(line.type) || (line.type === 'system' && MODEL_SYSTEM_SUBTYPES.has(line.subtype ?? ''));
}

export function readLines(records: readonly SourceRecord[], log: FidelityLog): QwenLine[] {
  const lines: QwenLine[] = [];
  for (const { line, value } of records) {
    if (!isRecord(value)) {
      throw new InvalidContentError(`Line ${line}: expected a Qwen Code record (an object), found ${JSON.stringify(value)}.`, {
        line,
      });
    }
    if (typeof value.uuid !== 'string' || value.uuid === '') {
      log.add('dropped', 'record without a uuid: it cannot be placed in the conversation chain', { line });
      continue;
    }
    if (typeof value.type !== 'string') throw new InvalidContentError(`Line ${line}: the record has no type.`, { line });
    lines.push({
      line,
      record: value,
      uuid: value.uuid,
      parentUuid: nonEmptyString(value.parentUuid),
      sidechain: value.isSidechain === true,
      type: value.type,
      subtype: nonEmptyString(value.subtype),
    });
  }
  return joinFragments(lines, log);
}

/** Subtypes Qwen Code does not read as conversation, so it never joins them by uuid. */
const NON_CONVERSATION_SUBTYPES = new Set([
  'session_artifact_event',
  'session_artifact_snapshot',
  'session_sources_snapshot',
  'managed_session_header_v1',
  'managed_session_event_v1',
  'managed_session_commit_v1',
]);

/**
 * Records that share a uuid are fragments of one record, as Qwen Code reads them back
 * (`prepareTranscriptRecords` and `aggregateTranscriptRecordFragments` in
 * `packages/core/src/utils/transcript-records.ts`): the first fragment gives the record its place
 * in the chain and its fields; the message parts of all fragments are joined in file order; the
 * last usage, the first tool result and model, and the latest timestamp are kept. So a streamed
 * message written as a thought and then its answer is one message with both.
 */
function joinFragments(lines: readonly QwenLine[], log: FidelityLog): QwenLine[] {
  const fragments = new Map<string, QwenLine[]>();
  for (const line of lines) {
    if (line.type === 'system' && NON_CONVERSATION_SUBTYPES.has(line.subtype ?? '')) continue;
    const list = fragments.get(line.uuid);
    if (list === undefined) fragments.set(line.uuid, [line]);
    else list.push(line);
  }
  const joined: QwenLine[] = [];
  for (const line of lines) {
    const list = fragments.get(line.uuid);
    if (list === undefined || list.length === 1) joined.push(line);
    else if (list[0] === line) joined.push(joinedRecord(list, log));
  }
  return joined;
}

function joinedRecord([first, ...rest]: QwenLine[], log: FidelityLog): QwenLine {
  const record: Record<string, unknown> = { ...first!.record };
  let message = isRecord(record.message) ? { ...record.message, parts: partsOf(record.message) } : record.message;
  for (const fragment of rest) {
    const place = { line: fragment.line };
    log.add(
      'merged',
      'record sharing an earlier record’s uuid: a fragment of that record, its parts joined after the earlier ones (as Qwen Code reads it back)',
      place,
    );
    if (fragment.parentUuid !== first!.parentUuid) {
      log.add('flagged', 'fragments of one uuid name different parents: the first fragment’s parentUuid places the record, as in Qwen Code', place);
    }
    const next = fragment.record;
    if (isRecord(next.message)) {
      message = isRecord(message)
        ? { role: message.role, parts: [...partsOf(message), ...partsOf(next.message)] }
        : { ...next.message, parts: partsOf(next.message) };
    }
    if (next.usageMetadata) record.usageMetadata = next.usageMetadata;
    if (next.toolCallResult && !record.toolCallResult) record.toolCallResult = next.toolCallResult;
    if (next.model && !record.model) record.model = next.model;
    if (typeof next.timestamp === 'string' && (!record.timestamp || next.timestamp > String(record.timestamp))) record.timestamp = next.timestamp;
  }
  if (message !== undefined) record.message = message;
  return { ...first!, record };
}

function partsOf(message: Record<string, unknown>): unknown[] {
  return Array.isArray(message.parts) ? message.parts : [];
}

/**
 * The conversation is the `parentUuid` chain ending at the newest main-chain record that carries
 * conversation; records off it (a rewound or abandoned branch) are not what the model continued.
 */
export function activeChain(lines: readonly QwenLine[], log: FidelityLog): QwenLine[] {
  // Fragments sharing a uuid were joined when the lines were read; a bookkeeping record that
  // repeats one is not conversation, and the first record of the uuid stays its place.
  const byUuid = new Map<string, QwenLine>();
  for (const line of lines) if (!byUuid.has(line.uuid)) byUuid.set(line.uuid, line);
  let leaf = lines.findLast((line) => !line.sidechain && carriesConversation(line));
  // A subagent's own transcript is all sidechain: its conversation is the one being imported.
  if (leaf === undefined) {
    leaf = lines.findLast((line) => carriesConversation(line));
    if (leaf !== undefined) log.add('guessed', "every record is a subagent's (isSidechain): imported as the subagent's own session");
  }
  const chain: QwenLine[] = [];
  const seen = new Set<string>();
  for (let cursor = leaf; cursor !== undefined; ) {
    if (seen.has(cursor.uuid)) {
      log.add('flagged', 'parentUuid cycle: the chain is read up to the record that closes it', { line: cursor.line });
      break;
    }
    seen.add(cursor.uuid);
    chain.push(cursor);
    if (cursor.parentUuid === undefined) break;
    const parent = byUuid.get(cursor.parentUuid);
    if (parent === undefined) {
      log.add('flagged', 'parentUuid names a record not in the file: older records cannot be reached from here', { line: cursor.line });
    }
    cursor = parent;
  }
  return chain.reverse();
}
