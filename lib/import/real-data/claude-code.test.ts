import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { claudeCodeFormat } from '../formats/claude-code';
import { importTranscript } from '../import-transcript';
import { convertWith } from '../testing/jsonl-records';
import { REAL_FIXTURES, realDataSuite, realText } from './locations';

const text = (name: string) => realText(REAL_FIXTURES, `claude-code/${name}`);
const convert = (name: string) => convertWith(claudeCodeFormat, text(name));

/** What the importer makes of the real Claude Code files, counted over their lines (see their README.md). */
realDataSuite(REAL_FIXTURES, () => {
  describe('Claude Code sessions', () => {
    it('ccviewer /init: split lines merged, the command echo and its isMeta prompt are not turns', async () => {
      const { transcript, entries } = await convert('ccviewer-init-claudemd.jsonl');
      expect(transcript.messages).toHaveLength(15);
      const kinds = classifyMessages(transcript.messages).map((entry) => entry.kind);
      expect(kinds.filter((kind) => kind === 'real-user-turn')).toHaveLength(0);
      expect(kinds.slice(0, 2)).toEqual(['other', 'other']);
      const calls = transcript.messages
        .flatMap((entry) => (Array.isArray(entry.message.content) ? (entry.message.content as { type: string }[]) : []))
        .filter((part) => part.type === 'tool-call');
      expect(calls).toHaveLength(12);
      expect(entries.find((entry) => entry.reason === '5 assistant lines merged into message msg_018mu4atNCkxSiLt7VVQquTL')?.lines).toEqual([6]);
      expect(transcript.messages.at(-1)?.meta?.turnEnd).toBe('completed');
    });

    it('ccviewer sidechain: the 22 Task subagent lines are kept apart from the parent', async () => {
      const { transcript, entries } = await convert('ccviewer-sidechain-task.jsonl');
      const kept = entries.find((entry) => entry.action === 'kept-apart');
      expect(kept?.count).toBe(22);
      expect(transcript.messages.every((entry) => ![16, 17, 26, 40].includes(entry.meta?.origin?.line ?? 0))).toBe(true);
    });

    it('ccviewer /orchestrator with arguments (CC 1.0.108) is the session’s one real user turn', async () => {
      const { transcript } = await convert('ccviewer-sidechain-task.jsonl');
      const turns = classifyMessages(transcript.messages).filter((entry) => entry.kind === 'real-user-turn');
      expect(turns.map((entry) => transcript.messages[entry.index]!.meta?.origin?.line)).toEqual([1]);
      expect(transcript.messages[1]!.meta?.origin).toEqual({ format: 'claude-code', line: 2, meta: true, note: 'isMeta' });
    });

    it('toolpath: 46 streamed assistant lines become 20 messages, one real turn, 19 calls all answered', async () => {
      const { transcript, entries } = await convert('toolpath-elicit-tools.jsonl');
      const kinds = classifyMessages(transcript.messages).map((entry) => entry.kind);
      expect(kinds.filter((kind) => kind === 'real-user-turn')).toHaveLength(1);
      expect(transcript.messages.filter((entry) => entry.message.role === 'assistant')).toHaveLength(20);
      // Every call is answered: the only flags are its 13 signed thinking blocks.
      expect(entries.filter((entry) => entry.action === 'flagged').map((entry) => [entry.reason.split(':')[0], entry.count])).toEqual([
        ['signed thinking kept with its signature', 13],
      ]);
    });

    it('toolpath: the counts and findings the import report shows', async () => {
      const { report, title } = await importTranscript(text('toolpath-elicit-tools.jsonl'));
      expect(title).toBe('Exercise common coding tool categories');
      expect(report.counts).toMatchObject({
        sourceRecords: 80,
        messages: 40,
        byRole: { system: 0, user: 1, assistant: 20, tool: 19 },
        realUserTurns: 1,
        toolCalls: 19,
        toolResults: 19,
        turnEnds: 1,
      });
      const byReason = new Map(report.entries.map((entry) => [entry.reason, entry]));
      expect(byReason.get('3 assistant lines merged into message msg_018QuYw7PN36pgvzGvo6QEQM')?.lines).toEqual([7]);
      expect(byReason.get('queue-operation: carries no conversation')?.lines).toEqual([1, 2]);
    });

    it('schema coverage: odd line types never crash; the self-parented leaf is flagged', async () => {
      const { transcript, entries } = await convert('agentsessions-schema-coverage.jsonl');
      expect(transcript.messages).toHaveLength(1);
      expect(entries.find((entry) => entry.action === 'flagged')?.lines).toEqual([87]);
    });

    it('compaction sample: only the history after the boundary, starting with its summary', async () => {
      const { transcript } = await convert('agenthistory-compaction.jsonl');
      expect(classifyMessages(transcript.messages).map((entry) => entry.kind)).toEqual([
        'compaction-summary',
        'real-user-turn',
        'tool-call',
        'tool-result',
        'assistant',
      ]);
    });
  });
});
