import type { MessageClassification, TranscriptMessage } from '@/lib/fork';

/** What the server told the browser about the parent when it was registered. */
export interface RegisteredRows {
  messageTokens: readonly number[];
  classifications: readonly MessageClassification[];
}

/** The parts of a preview that change how the parent's rows read. */
export interface PreviewRows {
  /** The Agent call Fork Lab will write at launch: drawn as a last, pending row. */
  writtenCall?: TranscriptMessage;
  writtenCallTokens?: number;
  writtenCallClassification?: MessageClassification;
  /** The parent classified as it stood at an earlier fork point: turn numbers count from there. */
  classificationsAtForkPoint?: readonly MessageClassification[];
}

export interface TimelineRows {
  messages: readonly TranscriptMessage[];
  /** Per row; undefined until the server has classified the parent this browser holds. */
  classifications: readonly (MessageClassification | undefined)[];
  /** Per row, or null until the server has counted the parent this browser holds. */
  tokens: readonly number[] | null;
  /** The first row of each real user turn before the fork point: where a turn window can start. */
  turns: readonly number[];
}

/**
 * The rows the timeline draws: the parent's messages, plus the Agent call that launch will write,
 * with the classification and token count of each. A registration made for another version of
 * the parent (its lengths differ) says nothing about these rows, and a preview planned for another
 * parent (`preview` null) adds nothing.
 */
export function timelineRows(
  parent: readonly TranscriptMessage[],
  registration: RegisteredRows | null,
  preview: PreviewRows | null,
  forkEnd: number,
): TimelineRows {
  const writtenCall = preview?.writtenCall;
  const messages = writtenCall === undefined ? parent : [...parent, writtenCall];
  const registered = registration !== null && registration.classifications.length === parent.length ? registration.classifications : [];
  const withCall = preview?.writtenCallClassification ? [...registered, preview.writtenCallClassification] : registered;
  const earlier = preview?.classificationsAtForkPoint;
  const classifications =
    earlier === undefined ? withCall : withCall.map((classification, index) => (index < earlier.length ? earlier[index] : classification));
  const counted = registration !== null && registration.messageTokens.length === parent.length ? registration.messageTokens : null;
  const tokens = counted === null || preview?.writtenCallTokens === undefined ? counted : [...counted, preview.writtenCallTokens];
  const turns: number[] = [];
  classifications.forEach((classification, index) => {
    if (classification?.turnFromEnd !== undefined && classification.continuesTurnAt === undefined && index < forkEnd) turns.push(index);
  });
  return { messages, classifications, tokens, turns };
}

/**
 * The rows with turns numbered as the selected runtime counts them, for a runtime that counts
 * otherwise than the shared classification: its turn starts before the fork point are the real
 * user turns, numbered from the end, and a prompt it does not count is no turn. Rows at or after
 * the fork point keep no number.
 */
export function withRuntimeTurns(rows: TimelineRows, starts: readonly number[], forkEnd: number): TimelineRows {
  const position = new Map(starts.map((index, k) => [index, k]));
  const classifications = rows.classifications.map((classification, index) => {
    if (classification === undefined) return classification;
    const { turnFromEnd: _turn, continuesTurnAt: _continues, uncounted: _uncounted, ...rest } = classification;
    const k = position.get(index);
    if (k !== undefined) return { ...rest, kind: 'real-user-turn' as const, turnFromEnd: k - starts.length };
    if (classification.kind !== 'real-user-turn' || index >= forkEnd) return index >= forkEnd ? classification : rest;
    return { ...rest, kind: 'other' as const, note: 'not a turn as this runtime counts them' };
  });
  return { ...rows, classifications, turns: starts.filter((index) => index < forkEnd) };
}
