import type { MessageKind } from '@/lib/fork';

/**
 * What an importer did with a piece of the source that did not map one to one:
 * - `dropped`: left out of the transcript (with why);
 * - `merged`: several source records became one message;
 * - `guessed`: Fork Lab inferred something the source does not state;
 * - `not-stored`: the format does not hold it at all (the system prompt, tool schemas);
 * - `kept-apart`: real conversation, but not the parent's (a subagent's sidechain);
 * - `flagged`: imported exactly as it is, but worth knowing (a tool call never answered).
 */
export type FidelityAction = 'dropped' | 'merged' | 'guessed' | 'not-stored' | 'kept-apart' | 'flagged';

/** One finding; findings with the same action and reason are grouped, their places listed. */
export interface FidelityEntry {
  action: FidelityAction;
  reason: string;
  /** 1-based source lines (JSONL) the finding applies to, in order; capped at {@link MAX_PLACES}. */
  lines: number[];
  /** Field paths (single JSON documents) the finding applies to; capped at {@link MAX_PLACES}. */
  fields: string[];
  /** How many places in all, including those past the cap. */
  count: number;
}

export interface FidelityCounts {
  sourceBytes: number;
  /** Records read: JSONL lines with a value, or 1 for a single JSON document. */
  sourceRecords: number;
  messages: number;
  byRole: Record<'system' | 'user' | 'assistant' | 'tool', number>;
  byKind: Partial<Record<MessageKind, number>>;
  realUserTurns: number;
  toolCalls: number;
  toolResults: number;
  turnEnds: number;
}

/** Everything a person needs to trust an import: what came in, and every place it is not exact. */
export interface FidelityReport {
  format: string;
  formatLabel: string;
  /** Whether the format was detected or chosen by the person. */
  formatChosenBy: 'detection' | 'person';
  counts: FidelityCounts;
  entries: FidelityEntry[];
}

export const MAX_PLACES = 200;
/**
 * Most distinct findings a report lists. Some reasons name one message or call, so a hostile file
 * could make one per line; past this many, findings are only counted.
 */
export const MAX_ENTRIES = 300;
export const OVERFLOW_REASON = 'more findings than a report lists; they are counted here, not itemised';

/** Where a finding applies: a line, a field, both or neither (the whole source). */
export interface FindingPlace {
  line?: number;
  field?: string;
}

/** Collects findings, grouping repeats of one reason so a 200,000-line file gives a readable report. */
export class FidelityLog {
  // By action, then by reason: most reasons are literals, whose hashes V8 keeps, so a repeat is two
  // lookups instead of building and hashing a joined key for every line of a large file.
  private readonly byAction = new Map<FidelityAction, Map<string, FidelityEntry>>();
  private readonly inOrder: FidelityEntry[] = [];

  add(action: FidelityAction, reason: string, place: FindingPlace = {}): void {
    let entry = this.byAction.get(action)?.get(reason);
    if (entry === undefined && this.inOrder.length >= MAX_ENTRIES) {
      action = 'flagged';
      reason = OVERFLOW_REASON;
      entry = this.byAction.get(action)?.get(reason);
    }
    if (entry === undefined) {
      entry = { action, reason, lines: [], fields: [], count: 0 };
      let reasons = this.byAction.get(action);
      if (reasons === undefined) {
        reasons = new Map();
        this.byAction.set(action, reasons);
      }
      reasons.set(reason, entry);
      this.inOrder.push(entry);
    }
    entry.count++;
    if (place.line !== undefined && entry.lines.length < MAX_PLACES) entry.lines.push(place.line);
    if (place.field !== undefined && entry.fields.length < MAX_PLACES) entry.fields.push(place.field);
  }

  entries(): FidelityEntry[] {
    return this.inOrder.map((entry) => ({ ...entry, lines: [...entry.lines], fields: [...entry.fields] }));
  }
}

/** `line 214`, `lines 4, 5, 30 and 2 more`, `messages[3]`: the places of an entry, for reading. */
export function describePlaces(entry: FidelityEntry, shown = 8): string {
  const places = entry.lines.length > 0 ? entry.lines.map(String) : entry.fields;
  if (places.length === 0) return entry.count > 1 ? `${entry.count} times` : '';
  const head = places.slice(0, shown);
  const more = entry.count - head.length;
  const noun = entry.lines.length > 0 ? (entry.count === 1 ? 'line ' : 'lines ') : '';
  return `${noun}${head.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
