import type { AgentProfile, ModelMessage, ParentTranscript, TranscriptMessage, TurnEndReason } from '@/lib/fork';
import { FORK_RUNTIMES, isRealUserTurn, joinedText, startupContextLength } from '@/lib/fork';
import type { FidelityLog, FindingPlace } from './fidelity-report';

/** What an importer knows about a message beyond its content. */
export interface PushOptions extends FindingPlace {
  /** The source's own id for it (a uuid, `message.id`); made unique if it repeats. */
  id?: string;
  /** Written by the harness, not the person: never a real user turn. */
  meta?: boolean;
  compactionSummary?: boolean;
  note?: string;
  turnEnd?: TurnEndReason;
  partial?: boolean;
}

type ToolPart = { type: string; toolCallId?: string; toolName?: string };

/**
 * Collects an importer's messages and finishes them into a transcript the engine accepts: unique
 * ids, every tool result paired with its call (a result whose call is missing is dropped, since
 * every provider refuses it), unanswered calls flagged, and turn ends derived where the source does
 * not record them.
 */
export class TranscriptBuilder {
  private readonly messages: TranscriptMessage[] = [];
  private readonly places: FindingPlace[] = [];
  /** Each pushed message's place, for findings made after messages were dropped or merged. */
  private readonly placeOf = new WeakMap<TranscriptMessage, FindingPlace>();
  private readonly ids = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();

  constructor(
    private readonly format: string,
    private readonly log: FidelityLog,
  ) {}

  get length(): number {
    return this.messages.length;
  }

  /** The last message pushed, for importers that extend it (a split assistant line). */
  last(): TranscriptMessage | undefined {
    return this.messages[this.messages.length - 1];
  }

  push(message: ModelMessage, options: PushOptions = {}): TranscriptMessage {
    const id = this.uniqueId(options.id ?? `${this.format}-${this.messages.length + 1}`);
    const origin = {
      format: this.format,
      ...(options.line === undefined ? {} : { line: options.line }),
      ...(options.meta ? { meta: true } : {}),
      ...(options.compactionSummary ? { compactionSummary: true } : {}),
      ...(options.note === undefined ? {} : { note: options.note }),
    };
    const entry: TranscriptMessage = {
      id,
      message,
      meta: {
        origin,
        ...(options.turnEnd === undefined ? {} : { turnEnd: options.turnEnd }),
        ...(options.partial ? { partial: true } : {}),
      },
    };
    this.messages.push(entry);
    const place = { line: options.line, field: options.field };
    this.places.push(place);
    this.placeOf.set(entry, place);
    return entry;
  }

  /**
   * Keep only the first `length` messages: a compaction that replaces the history (Codex's
   * `replacement_history`) makes what came before invisible to the model.
   */
  truncate(length: number): void {
    for (const removed of this.messages.splice(length)) this.ids.delete(removed.id);
    this.places.splice(length);
  }

  /** Record that the turn ended after the last message (Codex `task_complete`, an `end_turn`). */
  endTurn(reason: TurnEndReason): void {
    const last = this.last();
    if (last !== undefined) last.meta = { ...last.meta, turnEnd: reason };
  }

  finish(profile: AgentProfile): ParentTranscript {
    const messages = this.pairToolResults();
    const answered = answeredCallIds(messages);
    this.flagUnansweredCalls(messages, answered);
    deriveTurnEnds(messages, answered);
    return { profile, messages };
  }

  private uniqueId(wanted: string): string {
    const base = wanted === '' ? `${this.format}-${this.messages.length + 1}` : wanted;
    if (!this.ids.has(base)) {
      this.ids.add(base);
      return base;
    }
    // The next suffix to try is remembered per id, so a file that repeats one id 40,000 times
    // (a redacted fixture, a buggy writer) stays linear.
    let suffix = this.nextSuffix.get(base) ?? 2;
    while (this.ids.has(`${base}~${suffix}`)) suffix++;
    const id = `${base}~${suffix}`;
    this.nextSuffix.set(base, suffix + 1);
    this.ids.add(id);
    return id;
  }

  private pairToolResults(): TranscriptMessage[] {
    const callNames = new Map<string, string>();
    const kept: TranscriptMessage[] = [];
    this.messages.forEach((entry, index) => {
      const place = this.places[index]!;
      const content = entry.message.content;
      if (!Array.isArray(content)) {
        kept.push(entry);
        return;
      }
      if (entry.message.role === 'assistant') {
        for (const part of content as ToolPart[]) {
          if (part.type !== 'tool-call' || part.toolCallId === undefined) continue;
          if (callNames.has(part.toolCallId)) {
            this.log.add('flagged', `tool call id "${part.toolCallId}" is used by more than one call`, place);
          }
          callNames.set(part.toolCallId, part.toolName ?? '');
        }
        kept.push(entry);
        return;
      }
      if (entry.message.role !== 'tool') {
        kept.push(entry);
        return;
      }
      const parts = (content as ToolPart[]).filter((part) => {
        if (part.type !== 'tool-result' || part.toolCallId === undefined) return true;
        const name = callNames.get(part.toolCallId);
        if (name === undefined) {
          this.log.add(
            'dropped',
            `tool result for call "${part.toolCallId}" dropped: no earlier message makes that call, and providers refuse a result without its call`,
            place,
          );
          return false;
        }
        if (!part.toolName) part.toolName = name;
        return true;
      });
      if (parts.length === 0) return;
      if (parts.length === content.length) {
        kept.push(entry);
        return;
      }
      const trimmed = { ...entry, message: { ...entry.message, content: parts } as ModelMessage };
      this.placeOf.set(trimmed, place);
      kept.push(trimmed);
    });
    return kept;
  }

  private flagUnansweredCalls(messages: readonly TranscriptMessage[], answered: ReadonlySet<string>): void {
    let lastAssistant = -1;
    messages.forEach((entry, index) => {
      if (entry.message.role === 'assistant') lastAssistant = index;
    });
    messages.forEach((entry, index) => {
      if (entry.message.role !== 'assistant' || !Array.isArray(entry.message.content)) return;
      for (const part of entry.message.content as ToolPart[]) {
        if (part.type !== 'tool-call' || part.toolCallId === undefined || answered.has(part.toolCallId)) continue;
        const place = this.placeOf.get(entry) ?? { line: entry.meta?.origin?.line };
        const inFlight =
          index === lastAssistant && messages.slice(index + 1).every((later) => later.message.role !== 'user' || !isRealUserTurn(later.message, later.meta));
        this.log.add(
          'flagged',
          inFlight
            ? `tool call "${part.toolCallId}" (${part.toolName}) has no result: it was in flight when the session was saved, and a fork treats it as the open call`
            : `tool call "${part.toolCallId}" (${part.toolName}) was never answered; kept as recorded (a provider may refuse this history)`,
          place,
        );
      }
    });
  }
}

/** Ids of every call some tool message answers. */
function answeredCallIds(messages: readonly TranscriptMessage[]): Set<string> {
  const answered = new Set<string>();
  for (const { message } of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content as ToolPart[]) if (part.toolCallId !== undefined) answered.add(part.toolCallId);
  }
  return answered;
}

function hasUnansweredCall(entry: TranscriptMessage, answered: ReadonlySet<string>): boolean {
  if (entry.message.role !== 'assistant' || !Array.isArray(entry.message.content)) return false;
  return (entry.message.content as ToolPart[]).some((part) => part.type === 'tool-call' && part.toolCallId !== undefined && !answered.has(part.toolCallId));
}

const HARNESS_MESSAGES = FORK_RUNTIMES.flatMap(({ framing }) => (framing.isHarnessMessage === undefined ? [] : [framing.isHarnessMessage]));

/** A person's prompt: a real user turn no runtime's harness wrote on its own (DeepSeek's runtime context). */
function opensTurn(entry: TranscriptMessage): boolean {
  if (entry.message.role !== 'user' || !isRealUserTurn(entry.message, entry.meta)) return false;
  if (HARNESS_MESSAGES.length === 0) return true;
  const text = joinedText(entry.message);
  return !HARNESS_MESSAGES.some((isHarness) => isHarness(text));
}

/**
 * A turn that a later real user turn follows has ended, whether or not the source said so (the
 * spec's rule for importers): completed, or interrupted when it stopped on an unanswered call.
 * Turn ends the source recorded are kept as they are.
 */
export function deriveTurnEnds(messages: TranscriptMessage[], answered: ReadonlySet<string> = answeredCallIds(messages)): void {
  let seenTurn = false;
  // The startup block's user message is the runtime's environment, not a turn the person took.
  for (let index = startupContextLength(messages); index < messages.length; index++) {
    const entry = messages[index]!;
    if (!opensTurn(entry)) continue;
    if (seenTurn && index > 0) {
      const before = messages[index - 1]!;
      if (before.meta?.turnEnd === undefined && !hasRecordedEndSince(messages, index - 1)) {
        before.meta = {
          ...before.meta,
          turnEnd: hasUnansweredCall(before, answered) ? 'interrupted' : 'completed',
        };
      }
    }
    seenTurn = true;
  }
}

/** Whether the turn before `index` already ended somewhere in its own messages. */
function hasRecordedEndSince(messages: readonly TranscriptMessage[], index: number): boolean {
  for (let cursor = index; cursor >= 0; cursor--) {
    const entry = messages[cursor]!;
    if (entry.meta?.turnEnd !== undefined) return true;
    if (opensTurn(entry)) return false;
  }
  return false;
}
