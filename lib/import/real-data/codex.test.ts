import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { FidelityLog } from '../fidelity-report';
import { codexFormat } from '../formats/codex';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { REAL_FIXTURES, realDataSuite, realText } from './locations';

const fixture = (name: string) => realText(REAL_FIXTURES, `codex/${name}`);

/** What the importer makes of the real Codex rollouts, counted over their lines (see their README.md). */
realDataSuite(REAL_FIXTURES, () => {
  describe('Codex rollouts', () => {
    it('detects the real rollouts, and not the real Qwen Code capture', async () => {
      const score = async (input: string) => codexFormat.detect(await readImportSource(input, new FidelityLog()));
      for (const name of ['csview-chatbot-ui-v0.58.jsonl', 'agentsessions-schema-coverage.jsonl', 'agenthistory-compaction.jsonl']) {
        expect(await score(fixture(name))).toBe(1);
      }
      expect(await score(realText(REAL_FIXTURES, 'gemini/splitrail-qwen-code.jsonl'))).toBe(0);
    });

    it('imports the real csview rollout: one user turn and a 39-call tool loop', async () => {
      const { transcript, report } = await importTranscript(fixture('csview-chatbot-ui-v0.58.jsonl'), { format: 'codex' });
      expect(report.counts).toMatchObject({
        sourceRecords: 279,
        messages: 80,
        byRole: { system: 0, user: 2, assistant: 39, tool: 39 },
        realUserTurns: 1,
        toolCalls: 39,
        toolResults: 39,
        turnEnds: 0,
      });
      expect(transcript.messages[0]?.meta?.origin).toEqual({ format: 'codex', line: 2, meta: true, note: 'startup context' });
      expect(transcript.profile).toMatchObject({ agentId: '019a93b9-f380-7600-98ff-940e6b99603c', model: 'gpt-5.1-codex', systemInstruction: '' });
      const byReason = new Map(report.entries.map((entry) => [entry.reason, entry]));
      expect(byReason.get('reasoning encrypted_content: only OpenAI can decrypt it, so it cannot be carried to another model')?.count).toBe(38);
      expect(byReason.get('reasoning item with no summary text: nothing readable to carry')?.lines).toEqual([198]);
      expect(byReason.get('event_msg/token_count: what the person saw, not what the model saw')?.count).toBe(79);
      expect(byReason.get('response_item/ghost_snapshot: a git snapshot Codex keeps for undo; never sent to the model')?.lines).toEqual([6]);
      expect(byReason.get('system prompt: not stored in this format (Codex CLI rollout (JSONL)); the child gets none')?.action).toBe('not-stored');
    });

    it('imports the schema-coverage rollout without tripping on its odd records', async () => {
      const { transcript, report, title } = await importTranscript(fixture('agentsessions-schema-coverage.jsonl'), { format: 'codex' });
      expect(report.counts).toMatchObject({ messages: 15, toolCalls: 1, toolResults: 1 });
      expect(title).toBe('[trimmed for fixture]');
      expect(transcript.profile.agentId).toBe('019fc8be-3658-7ca3-9e29-000000000000');
      const byReason = new Map(report.entries.map((entry) => [entry.reason, entry]));
      expect(
        byReason.get('another session_meta: this file holds records of more than one session; the first session_meta gives the id and instructions')?.lines,
      ).toEqual([29, 36, 37, 42, 94, 96]);
      expect(byReason.get('unknown record type "world_state": Fork Lab does not read it')?.lines).toEqual([3, 31, 88, 91, 99]);
      expect(byReason.get('input_image without an image_url: there is no image to carry')?.lines).toEqual([6, 23, 26]);
      expect(byReason.get('lines 89–105: replaced by the compacted replacement_history (the model no longer saw them)')?.lines).toEqual([111]);
    });

    it('carries the real old-style compaction (no replacement_history) as a summary after the startup context', async () => {
      const { transcript, report } = await importTranscript(fixture('agenthistory-compaction.jsonl'), { format: 'codex' });
      expect(report.counts).toMatchObject({ messages: 5, realUserTurns: 1, toolCalls: 1, toolResults: 1 });
      expect(transcript.messages[0]?.meta?.origin).toEqual({ format: 'codex', line: 13, compactionSummary: true });
      expect(classifyMessages(transcript.messages)[0]?.kind).toBe('compaction-summary');
      const reasons = report.entries.filter((entry) => entry.lines.includes(13)).map((entry) => entry.reason);
      expect(reasons).toEqual([
        'lines 3–12: replaced by the compaction summary (the model no longer saw them)',
        'compaction without replacement_history: older Codex rebuilt the history from this summary, carried as a compaction summary after the startup context (the earlier user messages Codex re-sent with it are not carried)',
      ]);
    });
  });
});
