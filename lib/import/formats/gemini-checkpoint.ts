import type { FidelityLog, FindingPlace } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord } from '../import-source';
import { importedProfile } from '../imported-profile';
import { TranscriptBuilder } from '../transcript-builder';
import { assistantPartsOf, isStateSnapshot, OpenCalls, pairedResults, textOfParts, userSideOf } from './gemini-parts';
import { unknownRoles } from './unknown-role';

const LABEL = 'Gemini API history (Content[], /chat save checkpoint)';
const FORMAT = 'gemini-checkpoint';
const ROLES = ['user', 'model'];

/** The history and the path its entries are named by: `history[3]`, or `[3]` for a bare list. */
interface History {
  entries: unknown[];
  prefix: string;
}

/** `{role: 'user' | 'model', parts: [...]}` whose parts have no `type` (AI SDK parts do). */
function isContent(value: unknown): boolean {
  if (!isRecord(value) || (value.role !== 'user' && value.role !== 'model') || !Array.isArray(value.parts)) return false;
  return value.parts.every((part) => isRecord(part) && !('type' in part));
}

/** A content of a role Gemini does not have: conversion drops it, so detection does not weigh it. */
function hasOtherRole(value: unknown): boolean {
  return isRecord(value) && typeof value.role === 'string' && value.role !== 'user' && value.role !== 'model' && Array.isArray(value.parts);
}

function isContentList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.some(isContent) && value.every((entry) => isContent(entry) || hasOtherRole(entry));
}

function detect(source: ImportSource): number {
  if (source.shape !== 'json') return 0;
  const value = source.value;
  return isContentList(value) || (isRecord(value) && isContentList(value.history)) ? 1 : 0;
}

function historyOf(value: unknown, log: FidelityLog): History {
  if (Array.isArray(value)) return { entries: value, prefix: '' };
  if (isRecord(value) && Array.isArray(value.history)) {
    log.add('flagged', 'history read from the "history" list of the wrapper object', { field: 'history' });
    for (const key of Object.keys(value)) {
      if (key !== 'history') log.add('dropped', `top-level key "${key}" ignored: not part of the conversation`, { field: key });
    }
    return { entries: value.history, prefix: 'history' };
  }
  throw new FormatMismatchError(LABEL, 'expected a list of {role, parts} contents or an object with a "history" list');
}

function convert(source: ImportSource, log: FidelityLog): ConvertedImport {
  if (source.shape !== 'json') {
    throw new FormatMismatchError(LABEL, 'a checkpoint is one JSON document, not JSON Lines', { line: source.records[0]?.line });
  }
  const { entries, prefix } = historyOf(source.value, log);
  const builder = new TranscriptBuilder(FORMAT, log);
  const calls = new OpenCalls();
  const otherRoles = unknownRoles(entries, ROLES, LABEL, log);
  entries.forEach((entry, index) => {
    const field = `${prefix}[${index}]`;
    const place: FindingPlace = { field };
    // Only a content ({role, parts}) of another role is dropped; anything else is not a content.
    if (hasOtherRole(entry) && otherRoles.drops(entry, field)) return;
    if (!isRecord(entry) || (entry.role !== 'user' && entry.role !== 'model') || !Array.isArray(entry.parts)) {
      throw new InvalidContentError(`${field} is not a Gemini content: it needs a role of "user" or "model" and a parts list.`, place);
    }
    const id = `history-${index}`;
    if (entry.role === 'model') {
      const parts = assistantPartsOf(entry.parts, { log, place, callId: (part) => `call-${index}-${part}` });
      if (parts.length === 0) {
        log.add('dropped', 'model content with nothing Fork Lab can carry', place);
        return;
      }
      calls.addFrom(parts);
      builder.push({ role: 'assistant', content: parts }, { field, id });
      return;
    }
    // A user content holds the person's words and, in the same turn, the tool results: results
    // first, since they answer the calls of the model turn before.
    const side = userSideOf(entry.parts, { log, place, callId: () => '' });
    if (side.responses.length > 0) {
      builder.push({ role: 'tool', content: pairedResults(side.responses, calls, false, { log, place }) }, { field, id });
    }
    if (side.content.length === 0) {
      if (side.responses.length === 0) log.add('dropped', 'user content with nothing Fork Lab can carry', place);
      return;
    }
    const summary = isStateSnapshot(textOfParts(entry.parts));
    builder.push(
      { role: 'user', content: side.content },
      { field, id: side.responses.length > 0 ? `${id}-parts` : id, ...(summary ? { compactionSummary: true } : {}) },
    );
  });
  const profile = importedProfile({}, log, LABEL);
  return { transcript: builder.finish(profile) };
}

export const geminiCheckpointFormat: ImportFormat = {
  id: 'gemini-checkpoint',
  label: LABEL,
  detect,
  convert,
};
