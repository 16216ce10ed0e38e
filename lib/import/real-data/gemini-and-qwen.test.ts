import { describe, expect, it } from 'vitest';
import { FidelityLog } from '../fidelity-report';
import { geminiCheckpointFormat } from '../formats/gemini-checkpoint';
import { geminiSessionFormat } from '../formats/gemini-session';
import { qwenCodeFormat } from '../formats/qwen-code';
import type { ImportFormat } from '../import-format';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { REAL_FIXTURES, realDataSuite, realText } from './locations';

const fixture = (name: string) => realText(REAL_FIXTURES, name);
const scoreOf = (format: ImportFormat) => async (name: string) => format.detect(await readImportSource(fixture(name), new FidelityLog()));
const entry = (action: string, reason: string, lines: number[], fields: string[] = []) => ({
  action,
  reason,
  lines,
  fields,
  count: Math.max(lines.length, fields.length, 1),
});

/** What the importer makes of the real Gemini CLI, Gemini history and Qwen Code files (see their README.md). */
realDataSuite(REAL_FIXTURES, () => {
  describe('Gemini API histories', () => {
    it('detects the eval histories, and not the legacy Gemini CLI session', async () => {
      const score = scoreOf(geminiCheckpointFormat);
      expect(await score('gemini/geminicli-eval-compression-spatial-scattering.json')).toBe(1);
      expect(await score('gemini/geminicli-eval-compression-state-tracking.json')).toBe(1);
      expect(await score('gemini/agentsessions-legacy-json-coverage.json')).toBe(0);
    });

    it('imports the gemini-cli eval histories with every call answered', async () => {
      const spatial = await importTranscript(fixture('gemini/geminicli-eval-compression-spatial-scattering.json'), { format: 'gemini-checkpoint' });
      expect(spatial.report.counts).toMatchObject({
        messages: 87,
        byRole: { system: 0, user: 36, assistant: 36, tool: 15 },
        realUserTurns: 36,
        toolCalls: 15,
        toolResults: 15,
      });
      expect(spatial.report.entries.find((item) => item.reason.startsWith('function response without an id'))?.count).toBe(15);
      const ignored = spatial.report.entries.filter((item) => item.reason.startsWith('top-level key')).flatMap((item) => item.fields);
      expect(ignored).toEqual(['scenarioId', 'description', 'questions']);

      const tracking = await importTranscript(fixture('gemini/geminicli-eval-compression-state-tracking.json'), { format: 'gemini-checkpoint' });
      expect(tracking.report.counts).toMatchObject({ messages: 18, realUserTurns: 5, toolCalls: 4, toolResults: 4 });
      expect(tracking.transcript.messages[4]?.message.content).toMatchObject([{ toolCallId: 'call-3-0', toolName: 'run_shell_command' }]);
    });
  });

  describe('Gemini CLI sessions', () => {
    it('detects the JSONL capture and the legacy JSON, and not Qwen Code or a Gemini history', async () => {
      const score = scoreOf(geminiSessionFormat);
      expect(await score('gemini/toolpath-elicit-tools.jsonl')).toBe(1);
      expect(await score('gemini/agentsessions-legacy-json-coverage.json')).toBe(1);
      expect(await score('gemini/splitrail-qwen-code.jsonl')).toBe(0);
      expect(await score('gemini/geminicli-eval-compression-state-tracking.json')).toBe(0);
    });

    it('imports the real JSONL capture: one prompt, ten tool calls each answered', async () => {
      const { transcript, report } = await importTranscript(fixture('gemini/toolpath-elicit-tools.jsonl'), { format: 'gemini-session' });
      expect(report.counts).toMatchObject({
        sourceRecords: 35,
        messages: 22,
        byRole: { system: 0, user: 1, assistant: 11, tool: 10 },
        realUserTurns: 1,
        toolCalls: 10,
        toolResults: 10,
      });
      expect(transcript.profile).toMatchObject({ agentId: '9534b902-4b8a-437e-ba2e-2e4db4b82fec', model: 'gemini-3-flash-preview' });
      const superseded = report.entries.find((item) => item.action === 'merged');
      expect(superseded?.lines).toEqual([4, 7, 10, 13, 16, 19, 22, 25, 28, 31]);
      // The $set lines only update lastUpdated, which is applied, so nothing about them is reported.
      expect(report.entries.some((item) => item.reason.includes('$set'))).toBe(false);
      const failed = transcript.messages.find((message) => message.id === 'bfa56ae5-7efa-4663-84b2-28ac1ce3f810_response');
      expect(failed?.message.content).toMatchObject([{ toolName: 'read_file', output: { type: 'error-json' } }]);
    });

    it('imports the legacy single-JSON session, naming messages by their index', async () => {
      const { transcript, report } = await importTranscript(fixture('gemini/agentsessions-legacy-json-coverage.json'), { format: 'gemini-session' });
      expect(report.counts).toMatchObject({ messages: 8, realUserTurns: 2, toolCalls: 2, toolResults: 2 });
      expect(transcript.messages.map((message) => message.id)).toEqual(['m1', 'm2', 'm2_response', 'm2b', 'm2b_response', 'm4', 'm5', 'm6']);
      expect(transcript.messages[1]?.message.content).toEqual([
        { type: 'reasoning', text: 'Placeholder thoughts for schema coverage.' },
        {
          type: 'tool-call',
          toolCallId: 'run_shell_command-1',
          toolName: 'run_shell_command',
          input: { command: "printf 'line1\\nline2\\nline3\\n'", cwd: '/tmp' },
        },
      ]);
      expect(report.entries).toEqual([
        entry('dropped', 'top-level key "meta" is not part of Gemini CLI\'s session format: ignored', [], ['meta']),
        entry('dropped', 'token counts (tokens): usage, not conversation', [], ['messages[1]']),
        entry(
          'dropped',
          'tool call display fields (resultDisplay, displayName, description): shown to the person, not sent to the model',
          [],
          ['messages[1]', 'messages[2]'],
        ),
        entry('dropped', 'info message: shown to the person, not sent to the model', [], ['messages[3]']),
        entry('guessed', 'message of type "model" with parts (not a type Gemini CLI writes): read as a Gemini reply', [], ['messages[4]', 'messages[6]']),
        entry('not-stored', 'system prompt: not stored in this format (Gemini CLI session (JSON or JSONL)); the child gets none', []),
        entry('not-stored', 'tool schemas: not stored in this format (Gemini CLI session (JSON or JSONL)); the child is declared no tools', []),
      ]);
    });
  });

  describe('Qwen Code sessions', () => {
    it('detects the real Qwen Code capture, and not real Claude Code or Codex files', async () => {
      const score = scoreOf(qwenCodeFormat);
      expect(await score('gemini/splitrail-qwen-code.jsonl')).toBe(1);
      expect(await score('claude-code/ccviewer-sidechain-task.jsonl')).toBe(0);
      expect(await score('claude-code/agentsessions-schema-coverage.jsonl')).toBe(0);
      expect(await score('codex/agenthistory-compaction.jsonl')).toBe(0);
    });

    it('imports the real Qwen Code capture', async () => {
      const { transcript, report } = await importTranscript(fixture('gemini/splitrail-qwen-code.jsonl'), { format: 'qwen-code' });
      expect(report.counts).toMatchObject({ sourceRecords: 8, messages: 4, realUserTurns: 1, toolCalls: 1, toolResults: 1 });
      expect(transcript.messages[2]?.message.content).toEqual([
        { type: 'tool-result', toolCallId: 'call_1', toolName: 'list_directory', output: { type: 'error-json', value: { error: 'Path must be absolute: .' } } },
      ]);
      expect(report.entries).toEqual([
        entry('dropped', "system/attribution_snapshot: Qwen Code's own bookkeeping, never sent to the model", [2]),
        entry('dropped', "system/ui_telemetry: Qwen Code's own bookkeeping, never sent to the model", [3, 5, 7]),
        entry('dropped', 'token usage (usageMetadata): usage, not conversation', [4, 8]),
        entry('dropped', 'toolCallResult: the display copy of the result, shown to the person (the model got the functionResponse)', [6]),
        entry('not-stored', 'system prompt: not stored in this format (Qwen Code session (JSONL)); the child gets none', []),
        entry('not-stored', 'tool schemas: not stored in this format (Qwen Code session (JSONL)); the child is declared no tools', []),
      ]);
    });
  });
});
