import { describe, expect, it } from 'vitest';
import { assistant, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { compactionPrefixLength, compactionPrefixRoles } from './compaction-prefix';

const summary = user('sum', 'Here is a summary of the work so far. Resume the prior task from it.');
const ack = assistant('ack', 'Got it. Thanks for the additional context!');

describe('compactionPrefixRoles', () => {
  it('finds the summary and acknowledgement pair (length 2)', () => {
    expect(compactionPrefixRoles([summary, ack, user('u', 'next')], 0)).toEqual(['summary', 'acknowledgement']);
  });

  it.each([
    '<plan-mode-active>\nplan mode is on',
    '<background-tasks>\n1 task running',
    'The following files were recently accessed before context was compacted.\n- a.ts',
    'Recently accessed file (full current content embedded): a.ts',
    'Recent visual snapshots preserved from before context was compacted',
  ])('grows to 3 with the attachment %j', (text) => {
    expect(compactionPrefixLength([summary, ack, user('att', text), user('u', 'next')], 0)).toBe(3);
  });

  it('grows to 4 when an assistant tool call follows the attachment', () => {
    const attachment = user('att', 'The following files were recently accessed before context was compacted.');
    const replay = toolCalls('replay', [{ id: 'c1', tool: 'read_file', input: { path: 'a.ts' } }]);
    expect(compactionPrefixRoles([summary, ack, attachment, replay], 0)).toEqual(['summary', 'acknowledgement', 'attachment', 'attachment-call']);
  });

  it('does not take a plain assistant reply after the attachment as part of the prefix', () => {
    const attachment = user('att', '<background-tasks>none</background-tasks>');
    expect(compactionPrefixLength([summary, ack, attachment, assistant('a', 'ok')], 0)).toBe(3);
  });

  it('needs the exact acknowledgement text', () => {
    expect(compactionPrefixLength([summary, assistant('ack', 'Got it.')], 0)).toBe(0);
  });

  it('reads at an offset (after the startup block)', () => {
    expect(compactionPrefixLength([user('s', 'x'), summary, ack], 1)).toBe(2);
  });

  it('accepts a summary the importer marked, with or without the acknowledgement', () => {
    const marked = user('m', 'This session is being continued from a previous conversation.', {
      origin: { format: 'claude-code', compactionSummary: true },
    });
    expect(compactionPrefixRoles([marked, user('u', 'hi')], 0)).toEqual(['summary']);
    expect(compactionPrefixRoles([marked, ack], 0)).toEqual(['summary', 'acknowledgement']);
  });

  it('needs the summary marker in the first text of a user message', () => {
    expect(compactionPrefixLength([assistant('x', 'Resume the prior task'), ack], 0)).toBe(0);
  });
});
