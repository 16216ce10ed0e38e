import { describe, expect, it } from 'vitest';
import type { ImportStreamEvent } from '@/lib/import/import-answer';
import { IMPORT_LIMITS } from '@/lib/import/import-limits';
import { ownFixture, ownFixtureFiles } from '@/lib/import/testing/own-fixtures';

const { answerImportRequest } = await import('./import-endpoint');

const SESSION = [
  { type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'What is in the README?' } },
  {
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    sessionId: 's',
    message: { id: 'm1', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'A build guide.' }], stop_reason: 'end_turn' },
  },
]
  .map((record) => JSON.stringify(record))
  .join('\n');

function post(body: BodyInit, query = '', headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost/api/import${query}`, { method: 'POST', body, headers });
}

describe('POST /api/import', () => {
  it('answers the transcript and the fidelity report', async () => {
    const response = await answerImportRequest(post(SESSION, '?name=session.jsonl'));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.format).toBe('claude-code');
    expect(answer.formatLabel).toBe('Claude Code session (JSONL)');
    expect(answer.title).toBe('session.jsonl');
    expect(answer.transcript.messages.map((entry: { id: string }) => entry.id)).toEqual(['u1', 'm1']);
    expect(answer.report.counts).toMatchObject({ messages: 2, realUserTurns: 1, turnEnds: 1, sourceRecords: 2 });
  });

  it('streams progress, then the result, as NDJSON when asked', async () => {
    const response = await answerImportRequest(post(SESSION, '', { accept: 'application/x-ndjson' }));
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const events = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportStreamEvent);
    expect(events.map((event) => (event.type === 'progress' ? `${event.type}:${event.phase}` : event.type))).toEqual([
      'progress:parse',
      'progress:convert',
      'progress:validate',
      'progress:validate',
      'progress:register',
      'messages',
      'result',
    ]);
    const result = events.at(-1);
    expect(result?.type === 'result' && result.registration.messageTokens).toHaveLength(2);
    // The messages come before the result, which says how many there were.
    const messages = events.flatMap((event) => (event.type === 'messages' ? event.messages : []));
    expect(messages.map((entry) => entry.id)).toEqual(['u1', 'm1']);
    expect(result?.type === 'result' && result.streamedMessages).toBe(2);
    expect(result?.type === 'result' && result.result.transcript.messages).toEqual([]);
  });

  it('streams a long transcript in runs of about half a megabyte, in order, the same messages as the plain answer', async () => {
    const lines: string[] = [];
    let parent: string | null = null;
    for (let turn = 0; turn < 400; turn++) {
      const text = `Turn ${turn}: ${'long text '.repeat(300)}`;
      lines.push(JSON.stringify({ type: 'user', uuid: `u${turn}`, parentUuid: parent, sessionId: 's', message: { role: 'user', content: text } }));
      parent = `u${turn}`;
    }
    const body = lines.join('\n');
    const plain = await (await answerImportRequest(post(body))).json();
    const text = await (await answerImportRequest(post(body, '', { accept: 'application/x-ndjson' }))).text();
    const runs = text
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{"type":"messages"'));
    expect(runs.length).toBeGreaterThan(1);
    for (const run of runs.slice(0, -1)) expect(run.length).toBeGreaterThanOrEqual(512 * 1024);
    for (const run of runs) expect(run.length).toBeLessThan(512 * 1024 + 8 * 1024);
    const streamed = runs.flatMap((line) => (JSON.parse(line) as Extract<ImportStreamEvent, { type: 'messages' }>).messages);
    expect(streamed).toEqual(plain.transcript.messages);
    expect(runs.every((line) => (JSON.parse(line) as { total: number }).total === 400)).toBe(true);
  });

  it('refuses an unknown format, naming the ones it reads', async () => {
    const response = await answerImportRequest(post(SESSION, '?format=word'));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.message).toMatch(/^format: format must be one of: fork-lab-bundle, fork-lab-transcript, claude-code, .* \(or left out to detect it\)\.$/);
  });

  it('refuses a declared body over the limit before reading it (413)', async () => {
    const response = await answerImportRequest(post('x', '', { 'content-length': String(IMPORT_LIMITS.maxBytes + 1) }));
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body.error.limitBytes).toBe(IMPORT_LIMITS.maxBytes);
    expect(body.error.message).toBe('The file is 64 MB; imports are limited to 64 MB.');
  });

  it('refuses a multipart form (415) and says what to send', async () => {
    const form = new FormData();
    form.set('file', new Blob([SESSION]), 'session.jsonl');
    const response = await answerImportRequest(post(form));
    expect(response.status).toBe(415);
    expect((await response.json()).error.message).toContain('--data-binary');
  });

  it('answers a bad line with its number and an ambiguous input with the choices (422)', async () => {
    const bad = await answerImportRequest(post(`${SESSION.split('\n')[0]}\n{"type":\n${SESSION.split('\n')[1]}\n`));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 'invalid-json', line: 2 });
    const ambiguous = await answerImportRequest(post('[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]'));
    expect(ambiguous.status).toBe(422);
    const { error } = await ambiguous.json();
    expect(error.code).toBe('ambiguous-format');
    expect(error.candidates.map((candidate: { id: string }) => candidate.id).sort()).toEqual(['ai-sdk-model-messages', 'anthropic-messages', 'openai-chat']);
  });

  it.each(ownFixtureFiles().map(({ name }) => name))('streams the session %s as the same transcript and report as the plain answer', async (file) => {
    const body = ownFixture(file);
    const plain = await (await answerImportRequest(post(body))).json();
    const events = (await (await answerImportRequest(post(body, '', { accept: 'application/x-ndjson' }))).text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportStreamEvent);
    const result = events.at(-1)!;
    if (result.type !== 'result') throw new Error(`${file}: the stream ended with ${result.type}`);
    const messages = events.flatMap((event) => (event.type === 'messages' ? event.messages : []));
    expect(result.streamedMessages).toBe(messages.length);
    expect({ ...result.result, transcript: { ...result.result.transcript, messages } }).toEqual(plain);
  });
});
