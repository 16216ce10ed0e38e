import { contextDiff, type DiffEntry } from '@/lib/compare/context-diff';
import type { ChildMessage, ModelMessage, TranscriptMessage } from '@/lib/fork';
import { previewText } from '@/lib/view/message-preview';
import { canonical, messageKey, text } from './message-shape';

/**
 * The rule name of a message the runtime sent that is neither a copy of its parent's history nor one
 * the runtime's rules write: where a captured child departs from its rules, it says so.
 */
export const NOT_IN_THE_RULES = 'captured-not-in-the-rules';

const key = messageKey;

/**
 * Where each message the child actually received came from, in the plan's own terms: a copy of
 * the parent's message, a message the plan holds (one its rules write, or a parent's message as they
 * change it; the rules' own also by role and words: a provider's format may reshape its parts), or neither. Each message is written out once
 * and looked up, so a long child against a long parent stays linear.
 */
export function sourcedMessages(
  actual: readonly TranscriptMessage[],
  parent: readonly TranscriptMessage[],
  planned: readonly ChildMessage[],
  written: { actual?: readonly string[]; parent?: readonly string[] } = {},
): ChildMessage[] {
  const parentKeys = written.parent ?? parent.map((entry) => key(entry.message));
  const actualKeys = written.actual ?? actual.map((entry) => key(entry.message));
  // Every place each parent message stands: a message said twice ("Continue.", the same tool
  // result) is a copy of the one in order, the first after the last copy found.
  const copies = new Map<string, { places: number[]; next: number }>();
  parentKeys.forEach((written, index) => {
    const known = copies.get(written);
    if (known === undefined) copies.set(written, { places: [index], next: 0 });
    else known.places.push(index);
  });
  let lastCopy = -1;
  const copyOf = (written: string): number | undefined => {
    const known = copies.get(written);
    if (known === undefined) return undefined;
    while (known.next < known.places.length && known.places[known.next]! <= lastCopy) known.next += 1;
    const place = known.places[known.next] ?? known.places[0]!;
    lastCopy = place;
    return place;
  };
  // What the rules write: their own messages, and the parent's messages as they change them (a
  // call with its inputs redacted, a sealed or stripped one). Own messages are also known by words.
  const rules = new Map<string, ChildMessage['source']>();
  for (const entry of planned) {
    // A plain copy is the parent's message itself: found among the copies already.
    if (entry.source.kind === 'copy' && entry.source.change === undefined) continue;
    const words = entry.source.kind === 'synthetic' ? text(entry.message) : '';
    for (const written of [key(entry.message), ...(words === '' ? [] : [`${entry.message.role}\u0000${words}`])]) {
      if (!rules.has(written)) rules.set(written, entry.source);
    }
  }
  return actual.map(({ message, meta }, index) => {
    const written = actualKeys[index]!;
    const copied = copyOf(written);
    const words = text(message);
    const source: ChildMessage['source'] =
      copied !== undefined
        ? { kind: 'copy', parentIndexes: [copied], parentIds: [parent[copied]!.id] }
        : (rules.get(written) ??
          (words === '' ? undefined : rules.get(`${message.role}\u0000${words}`)) ?? { kind: 'synthetic', rule: NOT_IN_THE_RULES as never });
    return { message, ...(meta === undefined ? {} : { meta }), source };
  });
}

/** One line of the item-level diff between the plan's first request and the one the runtime sent. */
export interface ForkItem {
  kind: DiffEntry['kind'];
  /** Positions in the planned and the sent request; a run of same messages is one line. */
  planned: number | null;
  sent: number | null;
  /** How many messages the line stands for (a run of same ones), else 1. */
  count: number;
  role: string;
  /** `copy of parent #3`, or the rule that wrote the message. */
  source: string;
  /** The message's text on one line: its start, or, where it has a counterpart that reads otherwise, the stretch where they part. */
  text: string;
  /** A changed message: the planned text over the same stretch. */
  was?: string;
}

function sourceWords(message: ChildMessage): string {
  const source = message.source;
  return source.kind === 'copy' ? `copy of parent #${source.parentIndexes.join(' + #')}` : source.rule.replaceAll('-', ' ');
}

/** How much of a line is shown, and how much of it comes before the point where two texts part. */
const LINE = 140;
const BEFORE = 50;

function words(message: ChildMessage): string {
  return previewText(message.message).replace(/\s+/g, ' ').trim();
}

function stretch(text: string, from: number): string {
  const start = Math.max(0, from);
  const shown = text.slice(start, start + LINE);
  return `${start > 0 ? '…' : ''}${shown}${start + LINE < text.length ? '…' : ''}`;
}

/**
 * Two texts of one message, planned and sent, over the stretch where they part: two lines cut at
 * the same length from the start look alike however they differ further on.
 */
function parting(was: string, now: string): { was: string; text: string } {
  let at = 0;
  while (at < was.length && at < now.length && was[at] === now[at]) at += 1;
  const from = at < LINE - BEFORE ? 0 : at - BEFORE;
  return { was: stretch(was, from), text: stretch(now, from) };
}

/**
 * The diff's runs of removed and added messages, paired: a message both sides have (moved by the
 * alignment, which goes by parent place) is the same, and a removed message and an added one of its
 * role, in order, are one changed message — the runtime wrote that place otherwise, and read apart
 * the pair says it twice and diffs it nowhere. A pair stands where its first side stood.
 */
function pairedRuns(entries: readonly DiffEntry[], planned: readonly ChildMessage[], sent: readonly ChildMessage[]): DiffEntry[] {
  const out: DiffEntry[] = [];
  let start = 0;
  while (start < entries.length) {
    let end = start;
    while (end < entries.length && (entries[end]!.kind === 'removed' || entries[end]!.kind === 'added')) end += 1;
    if (end === start) {
      out.push(entries[start]!);
      start += 1;
      continue;
    }
    const run = entries.slice(start, end);
    const removed = run.filter((entry) => entry.kind === 'removed');
    const added = run.filter((entry) => entry.kind === 'added');
    // Each removed message's partner, and each added one's, by position on its side.
    const addedFor = new Map<number, number>();
    const removedFor = new Map<number, number>();
    const match = (keyOfPlanned: (left: number) => unknown, keyOfSent: (right: number) => unknown) => {
      const waiting = new Map<unknown, { rights: number[]; next: number }>();
      for (const entry of added) {
        if (removedFor.has(entry.right)) continue;
        const key = keyOfSent(entry.right);
        const queue = waiting.get(key);
        if (queue === undefined) waiting.set(key, { rights: [entry.right], next: 0 });
        else queue.rights.push(entry.right);
      }
      for (const entry of removed) {
        if (addedFor.has(entry.left)) continue;
        const queue = waiting.get(keyOfPlanned(entry.left));
        const right = queue?.rights[queue.next];
        if (queue === undefined || right === undefined) continue;
        queue.next += 1;
        addedFor.set(entry.left, right);
        removedFor.set(right, entry.left);
      }
    };
    // Messages read alike are one object (interned by the caller), so identity is sameness.
    match(
      (left) => planned[left]!.message,
      (right) => sent[right]!.message,
    );
    match(
      (left) => planned[left]!.message.role,
      (right) => sent[right]!.message.role,
    );
    for (const entry of run) {
      if (entry.kind === 'removed') {
        const right = addedFor.get(entry.left);
        if (right === undefined) out.push(entry);
        else if (right >= 0) out.push({ kind: planned[entry.left]!.message === sent[right]!.message ? 'same' : 'changed', left: entry.left, right });
        // Emitted once, where the pair's first side stands.
        if (right !== undefined) removedFor.set(right, -1);
      } else {
        const left = removedFor.get(entry.right);
        if (left === undefined) out.push(entry);
        else if (left >= 0) {
          out.push({ kind: planned[left]!.message === sent[entry.right]!.message ? 'same' : 'changed', left, right: entry.right });
          addedFor.set(left, -1);
        }
      }
    }
    start = end;
  }
  return out;
}

/**
 * The compare view's diff of the two requests, aligned by the parent messages they copy and the
 * rules that wrote the rest, each text read as its provider reads it (a string or one part alike).
 */
export function forkItems(
  planned: readonly ChildMessage[],
  sent: readonly ChildMessage[],
  written: { planned?: readonly string[]; sent?: readonly string[] } = {},
): ForkItem[] {
  // Messages read alike become one object, so the diff compares them by reference, not by writing them out again.
  const interned = new Map<string, ModelMessage>();
  const alike = (messages: readonly ChildMessage[], keys: readonly string[] | undefined) =>
    messages.map((entry, index) => {
      const at = keys?.[index] ?? key(entry.message);
      const message = interned.get(at) ?? canonical(entry.message);
      interned.set(at, message);
      return { ...entry, message };
    });
  const items: ForkItem[] = [];
  const plannedAlike = alike(planned, written.planned);
  const sentAlike = alike(sent, written.sent);
  for (const entry of pairedRuns(contextDiff(plannedAlike, sentAlike).entries, plannedAlike, sentAlike)) {
    const shown = entry.kind === 'removed' ? planned[entry.left]! : sent[entry.right]!;
    const previous = items.at(-1);
    if (entry.kind === 'same' && previous?.kind === 'same') {
      previous.count += 1;
      continue;
    }
    const shownWords = words(shown);
    const plannedSource = entry.kind === 'changed' ? sourceWords(planned[entry.left]!) : null;
    const sentSource = sourceWords(shown);
    items.push({
      kind: entry.kind,
      planned: entry.kind === 'added' ? null : entry.left,
      sent: entry.kind === 'removed' ? null : entry.right,
      count: 1,
      role: shown.message.role,
      source: plannedSource === null || plannedSource === sentSource ? sentSource : `${plannedSource} → ${sentSource}`,
      ...(entry.kind === 'changed' ? parting(words(planned[entry.left]!), shownWords) : { text: stretch(shownWords, 0) }),
    });
  }
  return items;
}
