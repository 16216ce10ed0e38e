import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from './recording-server';

let server: RecordingServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('the recording endpoint a verify cell runs against', () => {
  it('answers with the offline model on a free port, never an upstream, and lists what it recorded', async () => {
    process.env.FORK_LAB_UPSTREAM_OPENAI = 'http://127.0.0.1:9/v1';
    try {
      server = await startRecordingServer(mkdtempSync(path.join(os.tmpdir(), 'fork-lab-verify-')));
      const answer = await fetch(`${server.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'QwenCode/0.24.4 (linux; x64)' },
        body: JSON.stringify({ model: 'fork-lab-offline', messages: [{ role: 'user', content: 'The release tag is v2.14.3.' }] }),
      });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('Noted.');
      const listing = (await (await fetch(`${server.origin}/api/captures`)).json()) as { captures: { api: string }[]; forks: unknown[] };
      expect(listing.captures.map((capture) => capture.api)).toEqual(['openai-chat']);
      expect(server.store.list(10)[0]!.requestHeaders['user-agent']).toBe('QwenCode/0.24.4 (linux; x64)');
      expect((await fetch(`${server.origin}/v1/nowhere`, { method: 'POST' })).status).toBe(404);
    } finally {
      delete process.env.FORK_LAB_UPSTREAM_OPENAI;
    }
  });
});

describe('capture sessions on the recording endpoint', () => {
  const ask = (url: string, words: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ model: 'fork-lab-offline', messages: [{ role: 'user', content: words }] }),
    });
  const listed = async (query: string) =>
    ((await (await fetch(`${server!.origin}/api/captures${query}`)).json()) as { captures: { id: number; captureSession: string | null }[] }).captures;

  it('files each session’s traffic apart: a test lists and clears its own and never sees another’s', async () => {
    server = await startRecordingServer(mkdtempSync(path.join(os.tmpdir(), 'fork-lab-verify-')));
    expect((await ask(`${server.origin}/capture/test-a/v1/chat/completions`, 'one')).status).toBe(200);
    expect((await ask(`${server.origin}/v1/chat/completions`, 'two', { 'x-fork-lab-capture': 'test-b' })).status).toBe(200);
    expect((await ask(`${server.origin}/v1/chat/completions`, 'three')).status).toBe(200);
    expect((await listed('?session=test-a')).map((capture) => capture.captureSession)).toEqual(['test-a']);
    expect((await listed('?session=test-b')).map((capture) => capture.captureSession)).toEqual(['test-b']);
    expect((await listed('')).map((capture) => capture.captureSession)).toEqual([null, 'test-b', 'test-a']);

    const cleared = await fetch(`${server.origin}/api/captures?session=test-a`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ session: 'test-a', deleted: 1 });
    expect(await listed('?session=test-a')).toEqual([]);
    expect((await listed('')).map((capture) => capture.captureSession)).toEqual([null, 'test-b']);
  });

  it('refuses a clear that names nothing, and a session name it cannot file under, saying what is allowed', async () => {
    server = await startRecordingServer(mkdtempSync(path.join(os.tmpdir(), 'fork-lab-verify-')));
    const bare = await fetch(`${server.origin}/api/captures`, { method: 'DELETE' });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: { message: string } }).error.message).toBe(
      'Say what to clear: session=<name> for one capture session, or all=true for every capture.',
    );
    const badList = await fetch(`${server.origin}/api/captures?session=no%20spaces`);
    expect(badList.status).toBe(400);
    const badModel = await ask(`${server.origin}/capture/no%20spaces/v1/chat/completions`, 'x');
    expect(badModel.status).toBe(400);
    expect(((await badModel.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: 'A capture session is 1 to 64 letters, digits, dashes or underscores; got "no spaces".',
    });
    expect((await fetch(`${server.origin}/capture/a/api/captures`)).status).toBe(404);
    const all = await fetch(`${server.origin}/api/captures?all=true`, { method: 'DELETE' });
    expect(await all.json()).toEqual({ session: null, deleted: 0 });
  });
});
