import { describe, expect, it } from 'vitest';
import { claudeCodeFormat } from '../formats/claude-code';
import { importTranscript } from '../import-transcript';
import { convertWith } from '../testing/jsonl-records';
import { REAL_SESSIONS, realDataSuite, realFiles, realText } from './locations';

/**
 * Files of the second corpus the importer refuses, with the code it refuses them with: none holds a
 * conversation Fork Lab could read (see the corpus's README.md).
 */
const REFUSED: Record<string, string> = {
  // Only session_meta and event_msg lines: nothing the model saw.
  'codex/agentsessions-codex-052-events-only.jsonl': 'no-conversation',
  // Two records written on one line: the line is not JSON.
  'qwen-code/agentsessions-qwen-glued-records.jsonl': 'invalid-json',
  // Every uuid is the same placeholder, so Qwen Code's rule joins all records into the first, a telemetry record.
  'qwen-code/agentsessions-qwen-telemetry-trimmed.jsonl': 'no-conversation',
};

/** The first `count` lines of a file, with the newline that ends the last. */
const firstLines = (text: string, count: number) => `${text.split('\n').slice(0, count).join('\n')}\n`;

type Part = { type: string };
const partsOf = (content: unknown): Part[] => (Array.isArray(content) ? (content as Part[]) : []);

/** The second corpus, each file imported as detected: it imports with a message at least, or is one of the refusals above. */
realDataSuite(REAL_SESSIONS, () => {
  describe('the second corpus of real sessions', () => {
    it.each(realFiles(REAL_SESSIONS))('%s imports as its folder’s format, or is refused as expected', async (name) => {
      const bytes = new TextEncoder().encode(realText(REAL_SESSIONS, name));
      const refusal = REFUSED[name];
      if (refusal !== undefined) {
        await expect(importTranscript(bytes)).rejects.toMatchObject({ code: refusal });
        return;
      }
      const result = await importTranscript(bytes);
      expect(result.format).toBe(name.split('/')[0]);
      expect(result.report.counts.messages).toBeGreaterThan(0);
    });
  });

  /*
   * Claude Code 2.1 subagent files (marot/spotter) with parallel calls, whole and cut to their first
   * lines (the cuts the importer's tests once read). The numbers were counted over the raw lines:
   * `tool_use` blocks in assistant lines, `tool_result` blocks in user lines, distinct `message.id`s.
   */
  describe.each([
    { file: 'spotter-subagent-websearch.jsonl', part: 'whole', lines: undefined, calls: 12, results: 12, assistantMessages: 3 },
    { file: 'spotter-subagent-parallel-glob.jsonl', part: 'first 26 lines', lines: 26, calls: 6, results: 6, assistantMessages: 1 },
    { file: 'spotter-subagent-parallel-glob.jsonl', part: 'whole', lines: undefined, calls: 21, results: 21, assistantMessages: 9 },
    { file: 'spotter-subagent-bash.jsonl', part: 'first 24 lines', lines: 24, calls: 5, results: 5, assistantMessages: 2 },
    { file: 'spotter-subagent-bash.jsonl', part: 'whole', lines: undefined, calls: 19, results: 19, assistantMessages: 13 },
    { file: 'spotter-subagent-explore.jsonl', part: 'whole', lines: undefined, calls: 33, results: 33, assistantMessages: 12 },
  ])('real subagent file $file ($part)', ({ file, lines, calls, results, assistantMessages }) => {
    const imported = () => {
      const text = realText(REAL_SESSIONS, `claude-code/${file}`);
      return convertWith(claudeCodeFormat, lines === undefined ? text : firstLines(text, lines));
    };

    it(`keeps all ${calls} calls and ${results} results, one assistant message per message.id`, async () => {
      const { transcript } = await imported();
      const parts = transcript.messages.flatMap((entry) => partsOf(entry.message.content));
      expect(parts.filter((part) => part.type === 'tool-call')).toHaveLength(calls);
      expect(parts.filter((part) => part.type === 'tool-result')).toHaveLength(results);
      expect(transcript.messages.filter((entry) => entry.message.role === 'assistant')).toHaveLength(assistantMessages);
    });

    it('reports no line as a kept-apart sidechain or an abandoned branch', async () => {
      const { entries } = await imported();
      const untrue = entries.filter(
        (entry) => entry.reason.includes('abandoned branch') || entry.action === 'kept-apart' || entry.reason.includes('never answered'),
      );
      expect(untrue).toEqual([]);
    });
  });
});
