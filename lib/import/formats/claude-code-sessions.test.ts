import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { convertWith } from '../testing/jsonl-records';
import { ownFixture } from '../testing/own-fixtures';
import { claudeCodeFormat } from './claude-code';

/*
 * Whole sessions in the shapes real Claude Code files have (the hand-written samples in
 * fixtures/own/claude-code). The same checks on the real files are in the real-data suite.
 */
const convert = (name: string) => convertWith(claudeCodeFormat, ownFixture(`claude-code/${name}`));

const partsOf = (content: unknown): { type: string }[] => (Array.isArray(content) ? (content as { type: string }[]) : []);

describe('Claude Code sessions', () => {
  it('/init without arguments: split lines merged, the command echo and its isMeta prompt are not turns', async () => {
    const { transcript, entries } = await convert('init-command.jsonl');
    expect(transcript.messages).toHaveLength(9);
    const kinds = classifyMessages(transcript.messages).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'real-user-turn')).toHaveLength(0);
    expect(kinds.slice(0, 2)).toEqual(['other', 'other']);
    const calls = transcript.messages.flatMap((entry) => partsOf(entry.message.content)).filter((part) => part.type === 'tool-call');
    expect(calls).toHaveLength(5);
    expect(entries.find((entry) => entry.reason === '3 assistant lines merged into message msg_01InitReadAll')?.lines).toEqual([6]);
    expect(transcript.messages.at(-1)?.meta?.turnEnd).toBe('completed');
  });

  it('inline Task subagents: their 6 sidechain lines are kept apart from the parent', async () => {
    const { transcript, entries } = await convert('task-subagent-sidechain.jsonl');
    const kept = entries.find((entry) => entry.action === 'kept-apart');
    expect(kept?.count).toBe(6);
    expect(transcript.messages.map((entry) => entry.meta?.origin?.line)).toEqual([1, 2, 3, 10, 14]);
  });

  it('streamed session: 8 streamed assistant lines become 4 messages, one real turn, 3 calls all answered', async () => {
    const { transcript, entries } = await convert('streamed-tool-session.jsonl');
    const kinds = classifyMessages(transcript.messages).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'real-user-turn')).toHaveLength(1);
    expect(transcript.messages.filter((entry) => entry.message.role === 'assistant')).toHaveLength(4);
    // Every call is answered: the only flags are its 2 signed thinking blocks.
    expect(entries.filter((entry) => entry.action === 'flagged').map((entry) => [entry.reason.split(':')[0], entry.count])).toEqual([
      ['signed thinking kept with its signature', 2],
    ]);
  });

  it('odd line types never crash; the self-parented leaf is flagged', async () => {
    const { transcript, entries } = await convert('odd-line-types.jsonl');
    expect(transcript.messages).toHaveLength(1);
    expect(entries.find((entry) => entry.action === 'flagged')?.lines).toEqual([17]);
  });

  it('a compact boundary and a summary line: only the history after the boundary, starting with its summary', async () => {
    const { transcript } = await convert('compact-boundary-summary-line.jsonl');
    expect(classifyMessages(transcript.messages).map((entry) => entry.kind)).toEqual([
      'compaction-summary',
      'real-user-turn',
      'tool-call',
      'tool-result',
      'assistant',
    ]);
  });
});
