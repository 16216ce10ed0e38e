/**
 * fast-check generators of parent transcripts with every shape the fork rules care about:
 * startup blocks, compaction prefixes, reminders, tool batches, whitespace and image prompts,
 * invalid assistant messages, recorded turn ends, and an ending that is a finished reply, an
 * unanswered prompt, or an in-flight batch (possibly partially answered).
 *
 * Tool calls are always answered before the next turn, and an invalid (empty) assistant message
 * never shares a run of assistant messages with a tool call (curation drops such a run whole and
 * would orphan its results): the runtimes assume well-formed histories, and these are the histories
 * the pairing invariant is about.
 */
import fc from 'fast-check';
import { assistant, reminder, toolCalls, toolResults, user } from '@/lib/scenarios/transcript-builders';
import type { TranscriptMessage, TurnEndReason } from '../transcript/transcript';
import { TURN_END_REASONS } from '../transcript/transcript';

type Prompt = 'text' | 'image' | 'whitespace' | 'reminder-glued' | 'marked-meta';

interface TurnSpec {
  reminderBefore: boolean;
  prompt: Prompt;
  batches: number[];
  invalidReply: boolean;
  end: TurnEndReason | null;
}

interface TranscriptSpec {
  startup: 'none' | 'reminder' | 'legacy';
  compaction: 0 | 2 | 3 | 4;
  turns: TurnSpec[];
  ending: 'reply' | 'unanswered' | 'in-flight' | 'partial-batch';
  inFlightCalls: number;
}

const turnSpec: fc.Arbitrary<TurnSpec> = fc.record({
  reminderBefore: fc.boolean(),
  prompt: fc.constantFrom<Prompt>('text', 'text', 'text', 'image', 'whitespace', 'reminder-glued', 'marked-meta'),
  batches: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  invalidReply: fc.boolean(),
  end: fc.option(fc.constantFrom(...TURN_END_REASONS), { nil: null }),
});

export const transcriptSpec: fc.Arbitrary<TranscriptSpec> = fc.record({
  startup: fc.constantFrom('none', 'reminder', 'legacy'),
  compaction: fc.constantFrom(0, 0, 2, 3, 4),
  turns: fc.array(turnSpec, { maxLength: 7 }),
  ending: fc.constantFrom('reply', 'unanswered', 'in-flight', 'partial-batch'),
  inFlightCalls: fc.integer({ min: 1, max: 3 }),
}) as fc.Arbitrary<TranscriptSpec>;

/** Build the transcript a spec describes; ids are `m0`, `m1`, … and call ids `call-0`, … */
export function buildTranscript(spec: TranscriptSpec): TranscriptMessage[] {
  const out: TranscriptMessage[] = [];
  let call = 0;
  const id = () => `m${out.length}`;
  const push = (make: (id: string) => TranscriptMessage) => out.push(make(id()));

  if (spec.startup === 'reminder') push((i) => reminder(i, 'cwd: /repo'));
  if (spec.startup === 'legacy') {
    push((i) => user(i, 'Context: linux'));
    push((i) => assistant(i, 'Got it. Thanks for the context!'));
  }
  if (spec.compaction >= 2) {
    push((i) => user(i, 'Summary of the earlier work. Resume the prior task.'));
    push((i) => assistant(i, 'Got it. Thanks for the additional context!'));
  }
  if (spec.compaction >= 3) push((i) => user(i, '<background-tasks>\nnone\n</background-tasks>'));
  if (spec.compaction >= 4) {
    const callId = `call-${call++}`;
    push((i) => toolCalls(i, [{ id: callId, tool: 'read_file', input: { path: 'a.ts' } }]));
    push((i) => toolResults(i, [{ id: callId, tool: 'read_file', output: 'a' }]));
  }

  const batch = (size: number, answered: number) => {
    const calls = Array.from({ length: size }, () => ({ id: `call-${call++}`, tool: 'read_file', input: { n: call } }));
    push((i) => toolCalls(i, calls));
    for (const c of calls.slice(0, answered)) push((i) => toolResults(i, [{ id: c.id, tool: c.tool, output: `out ${c.id}` }]));
  };

  spec.turns.forEach((turn, t) => {
    if (turn.reminderBefore) push((i) => reminder(i, `note ${t}`));
    switch (turn.prompt) {
      case 'text':
        push((i) => user(i, `question ${t}`));
        break;
      case 'image':
        push((i) => user(i, [{ type: 'image', image: 'aGk=', mediaType: 'image/png' }]));
        break;
      case 'whitespace':
        push((i) => user(i, '   '));
        break;
      case 'reminder-glued':
        push((i) => user(i, `<system-reminder>x</system-reminder>\nquestion ${t}`));
        break;
      case 'marked-meta':
        push((i) => user(i, `<command-name>/status</command-name>`, { origin: { meta: true } }));
        break;
    }
    for (const size of turn.batches) batch(size, size);
    if (turn.invalidReply) push((i) => assistant(i, ''));
    const last = spec.turns.length - 1 === t;
    if (turn.invalidReply && last && spec.ending !== 'unanswered') push((i) => user(i, `follow-up ${t}`));
    push((i) => assistant(i, `answer ${t}`, turn.end === null ? undefined : { turnEnd: turn.end }));
  });

  switch (spec.ending) {
    case 'reply':
      break;
    case 'unanswered':
      push((i) => user(i, 'one more thing'));
      break;
    case 'in-flight':
      push((i) => user(i, 'fork it'));
      batch(spec.inFlightCalls, 0);
      break;
    case 'partial-batch':
      push((i) => user(i, 'fork it'));
      batch(spec.inFlightCalls + 1, 1);
      break;
  }
  return out;
}

export const arbitraryTranscript: fc.Arbitrary<TranscriptMessage[]> = transcriptSpec.map(buildTranscript);
