import { describe, expect, it } from 'vitest';
import { answerImportRequest } from '@/lib/api/import-endpoint';
import { detectFormat } from '../detect-format';
import { FidelityLog } from '../fidelity-report';
import { IMPORT_FORMATS } from '../formats';
import type { ImportStreamEvent } from '../import-answer';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { assertImportsOrRefusesWhateverTheDamage } from '../testing/damaged-input';
import { REAL_FIXTURES, realDataSuite, realFiles, realText } from './locations';

/** The gemini folder mixes the three formats that grew out of Gemini CLI. */
const FORMATS_OF_FOLDER: Record<string, string[]> = {
  'claude-code': ['claude-code'],
  codex: ['codex'],
  gemini: ['gemini-session', 'gemini-checkpoint', 'qwen-code'],
};

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/api/import', { method: 'POST', body, headers });
}

/** Detection, the import endpoint and damaged input, over every real sample. */
realDataSuite(REAL_FIXTURES, () => {
  const files = realFiles(REAL_FIXTURES);

  describe('every real sample', () => {
    it.each(files)('detects %s as exactly one of its folder’s formats, and imports it', async (name) => {
      const text = realText(REAL_FIXTURES, name);
      const source = await readImportSource(text, new FidelityLog());
      const format = detectFormat(source, IMPORT_FORMATS);
      expect(FORMATS_OF_FOLDER[name.split('/')[0]!]).toContain(format.id);
      const result = await importTranscript(text);
      expect(result.format).toBe(format.id);
      expect(result.report.counts.messages).toBeGreaterThan(0);
    });

    it.each(files)('POST /api/import streams %s as the same transcript and report as the plain answer', async (name) => {
      const body = realText(REAL_FIXTURES, name);
      const plain = await (await answerImportRequest(post(body))).json();
      const events = (await (await answerImportRequest(post(body, { accept: 'application/x-ndjson' }))).text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ImportStreamEvent);
      const result = events.at(-1)!;
      if (result.type !== 'result') throw new Error(`${name}: the stream ended with ${result.type}`);
      const messages = events.flatMap((event) => (event.type === 'messages' ? event.messages : []));
      expect(result.streamedMessages).toBe(messages.length);
      expect({ ...result.result, transcript: { ...result.result.transcript, messages } }).toEqual(plain);
    });

    it.each(files)(
      '%s: imports or refuses with an ImportError, whatever the damage, as every format',
      async (name) => {
        await assertImportsOrRefusesWhateverTheDamage(realText(REAL_FIXTURES, name), 100);
      },
      30_000,
    );
  });
});
