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
  /** A changed message, or an added one right after a removed one of its role: the planned text over the same stretch. */
  was?: string;
  /** A removed message whose place the next, added one takes: its text is that one's `was`. */
  replaced?: true;
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
  for (const entry of contextDiff(alike(planned, written.planned), alike(sent, written.sent)).entries) {
    const shown = entry.kind === 'added' ? sent[entry.right]! : entry.kind === 'removed' ? planned[entry.left]! : sent[entry.right]!;
    const previous = items.at(-1);
    if (entry.kind === 'same' && previous?.kind === 'same') {
      previous.count += 1;
      continue;
    }
    const role = shown.message.role;
    // The planned side of a changed message, or of an added one that takes the place of a removed one.
    const counterpart =
      entry.kind === 'changed'
        ? planned[entry.left]!
        : entry.kind === 'added' && previous?.kind === 'removed' && previous.role === role
          ? planned[previous.planned!]!
          : undefined;
    const shownWords = words(shown);
    const parted = counterpart === undefined ? { text: stretch(shownWords, 0) } : parting(words(counterpart), shownWords);
    if (counterpart !== undefined && entry.kind === 'added') previous!.replaced = true;
    items.push({
      kind: entry.kind,
      planned: entry.kind === 'added' ? null : entry.left,
      sent: entry.kind === 'removed' ? null : entry.right,
      count: 1,
      role,
      source: sourceWords(shown),
      ...parted,
    });
  }
  return items;
}
