import type { ForkRequest } from '@/lib/fork';
import { checkParentTranscript, classifyMessages, type ParentTranscript, TranscriptValidationError } from '@/lib/fork';
import type { AgentUsage } from './agent-usage';
import { detectFormat } from './detect-format';
import { type FidelityCounts, FidelityLog, type FidelityReport } from './fidelity-report';
import { IMPORT_FORMATS, importFormat } from './formats';
import { InvalidContentError, NoConversationError } from './import-errors';
import type { BundledChild, ImportFormatId } from './import-format';
import type { ImportLimits } from './import-limits';
import type { ProgressListener } from './import-source';
import { readImportSource } from './read-import-source';

export interface ImportOptions {
  /** The format the person chose; detection decides when absent. */
  format?: ImportFormatId;
  /** The file's name, for the session's title. */
  fileName?: string;
  limits?: ImportLimits;
  onProgress?: ProgressListener;
  /** The UTF-8 size of a text input when the caller knows it (it decoded the bytes itself). */
  byteLength?: number;
}

/** A finished import: a transcript the engine accepts and the report of how faithful it is. */
export interface ImportResult {
  format: ImportFormatId;
  title: string;
  transcript: ParentTranscript;
  report: FidelityReport;
  request?: ForkRequest;
  children?: BundledChild[];
  agentUsage?: AgentUsage[];
}

/**
 * Import a transcript from a file's bytes or pasted text. Either everything works and a whole
 * transcript comes back, or an `ImportError` says what is wrong and where; nothing in between.
 */
export async function importTranscript(input: string | Uint8Array, options: ImportOptions = {}): Promise<ImportResult> {
  const log = new FidelityLog();
  const source = await readImportSource(input, log, { limits: options.limits, onProgress: options.onProgress, byteLength: options.byteLength });
  const format = options.format === undefined ? detectFormat(source, IMPORT_FORMATS) : importFormat(options.format);

  options.onProgress?.({ phase: 'convert', done: 0, total: 1 });
  const converted = format.convert(source, log);
  if (converted.transcript.messages.length === 0) {
    throw new NoConversationError(format.label, 'no user, assistant or tool message was found');
  }

  options.onProgress?.({ phase: 'validate', done: 0, total: 1 });
  let transcript: ParentTranscript;
  try {
    transcript = checkParentTranscript(converted.transcript);
  } catch (error) {
    if (!(error instanceof TranscriptValidationError)) throw error;
    const issue = error.issues[0]!;
    const index = /^messages\[(\d+)\]/.exec(issue.path)?.[1];
    const line = index === undefined ? undefined : converted.transcript.messages[Number(index)]?.meta?.origin?.line;
    throw new InvalidContentError(
      `${line === undefined ? '' : `Line ${line}: `}the ${format.label} content does not map to a message Fork Lab can run (${issue.path}: ${issue.message}).`,
      { line, field: issue.path },
    );
  }

  const records = source.shape === 'jsonl' ? source.records.length : 1;
  const report: FidelityReport = {
    format: format.id,
    formatLabel: format.label,
    formatChosenBy: options.format === undefined ? 'detection' : 'person',
    counts: countTranscript(transcript, source.bytes, records),
    entries: log.entries(),
  };
  options.onProgress?.({ phase: 'validate', done: 1, total: 1 });
  return {
    format: format.id,
    title: converted.title ?? options.fileName ?? format.label,
    transcript,
    report,
    ...(converted.request === undefined ? {} : { request: converted.request }),
    ...(converted.children === undefined ? {} : { children: converted.children }),
    ...(converted.agentUsage === undefined ? {} : { agentUsage: converted.agentUsage }),
  };
}

/** What the transcript holds, by role and by the kinds that decide a fork window. */
export function countTranscript(transcript: ParentTranscript, sourceBytes: number, sourceRecords: number): FidelityCounts {
  const counts: FidelityCounts = {
    sourceBytes,
    sourceRecords,
    messages: transcript.messages.length,
    byRole: { system: 0, user: 0, assistant: 0, tool: 0 },
    byKind: {},
    realUserTurns: 0,
    toolCalls: 0,
    toolResults: 0,
    turnEnds: 0,
  };
  for (const { message, meta } of transcript.messages) {
    counts.byRole[message.role]++;
    if (meta?.turnEnd !== undefined) counts.turnEnds++;
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as { type: string }[]) {
      if (part.type === 'tool-call') counts.toolCalls++;
      else if (part.type === 'tool-result') counts.toolResults++;
    }
  }
  for (const classification of classifyMessages(transcript.messages)) {
    counts.byKind[classification.kind] = (counts.byKind[classification.kind] ?? 0) + 1;
    if (classification.kind === 'real-user-turn') counts.realUserTurns++;
  }
  return counts;
}
