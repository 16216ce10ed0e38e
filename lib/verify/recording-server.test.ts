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
