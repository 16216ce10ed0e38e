import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCompareSetup } from '@/lib/compare/compare-setup';
import { httpErrorBodySchema } from '@/lib/http/http-error';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';

process.env.FORK_LAB_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'fork-lab-share-'));
process.env.OPENAI_BASE_URL = 'https://gateway.example.com/v1/key-in-url-123';
const { answerShareRequest, answerShareReadRequest, SHARE_BODY_LIMIT_BYTES } = await import('./share-endpoint');

let next = 0;
const snapshot = {
  version: 1,
  title: 'Release parent',
  transcript: parentOf([user('u1', 'The release tag is v2.14.3.'), assistant('a1', 'Noted.'), user('u2', 'Fork a worker.')]),
  compare: defaultCompareSetup({ policy: 'qwen-fork-turns', values: { fork_turns: '1' }, forkPoint: null, directive: 'Tag?' }, 'offline', () => `v${++next}`),
  sweeps: [],
};

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://localhost/api/share', { method: 'POST', body, headers });

async function refusal(response: Response) {
  const parsed = httpErrorBodySchema.parse(await response.json());
  return { status: response.status, code: parsed.error.code, paths: (parsed.error.issues ?? []).map((issue) => issue.path) };
}

describe('share links', () => {
  it('stores a snapshot under its content id: the same content gives the same link, and it reads back as stored', async () => {
    const first = await answerShareRequest(post(JSON.stringify(snapshot)));
    expect(first.status).toBe(201);
    const { id, url } = (await first.json()) as { id: string; url: string };
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    expect(url).toBe(`/share/${id}`);
    // Key order does not make another snapshot.
    const reordered = { sweeps: [], compare: snapshot.compare, transcript: snapshot.transcript, title: snapshot.title, version: 1 };
    const again = await answerShareRequest(post(JSON.stringify(reordered)));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(id);
    const read = (await (await answerShareReadRequest(id)).json()) as { title: string; transcript: unknown; compare: unknown };
    expect(read.title).toBe('Release parent');
    expect(read.transcript).toEqual(snapshot.transcript);
    expect(read.compare).toEqual(snapshot.compare);
  });

  it('holds only a parent, a compare and sweeps: any other field is refused, and a configured secret in the text is redacted', async () => {
    expect(await refusal(await answerShareRequest(post(JSON.stringify({ ...snapshot, apiKey: 'sk-live-123456789' }))))).toEqual({
      status: 400,
      code: 'invalid-request',
      paths: [''],
    });
    // Nested too: every field the shared page renders or its report writes is checked.
    const sweep = {
      id: 's1',
      createdAt: '2026-11-30T20:00:00.000Z',
      parentRevision: 0,
      setup: { variants: { kind: 'every-runtime' }, directive: 'x', checks: ['contains:a'], modelId: 'offline' },
      result: {
        smallestPassing: null,
        variants: [
          {
            label: 'a',
            request: { policy: 'kimi-fork', directive: 'x', params: { description: 'Fork', fork: true } },
            status: 'failed',
            initialMessages: 3,
            inputTokens: '<form action=x>',
            output: { html: 1 },
            errors: 7,
            checks: [],
          },
        ],
      },
    };
    expect(await refusal(await answerShareRequest(post(JSON.stringify({ ...snapshot, sweeps: [sweep] }))))).toEqual({
      status: 400,
      code: 'invalid-request',
      paths: ['sweeps[0].result.variants[0].inputTokens', 'sweeps[0].result.variants[0].output', 'sweeps[0].result.variants[0].errors'],
    });
    const leaky = { ...snapshot, title: 'Failed at https://gateway.example.com/v1/key-in-url-123' };
    const { id } = (await (await answerShareRequest(post(JSON.stringify(leaky)))).json()) as { id: string };
    const read = (await (await answerShareReadRequest(id)).json()) as { title: string };
    expect(read.title).toBe('Failed at [redacted]');
  });

  it('refuses a share once the store is full, naming the setting that raises it, and keeps what it holds', async () => {
    const { SnapshotStore, StoreFullError } = await import('@/lib/share/snapshot-store');
    const store = new SnapshotStore(':memory:');
    expect(store.put('a'.repeat(40), 'x'.repeat(600), 1_000)).toBe(true);
    expect(store.put('a'.repeat(40), 'x'.repeat(600), 1_000)).toBe(false);
    expect(() => store.put('b'.repeat(40), 'y'.repeat(600), 1_000)).toThrow(StoreFullError);
    expect(store.get('a'.repeat(40))?.body).toBe('x'.repeat(600));
    process.env.FORK_LAB_SHARE_STORE_MB = '0.0001';
    try {
      const full = await answerShareRequest(post(JSON.stringify({ ...snapshot, title: 'one more' })));
      expect(await refusal(full)).toEqual({ status: 409, code: 'share-store-full', paths: [] });
    } finally {
      delete process.env.FORK_LAB_SHARE_STORE_MB;
    }
  });

  it('refuses what it cannot keep, saying what is wrong', async () => {
    expect(
      await refusal(await answerShareRequest(post(JSON.stringify({ ...snapshot, compare: { ...snapshot.compare, baselineId: 'nobody' } })))),
    ).toMatchObject({
      status: 400,
      paths: ['compare'],
    });
    const tooLarge = post('{}', { 'content-type': 'application/json', 'content-length': String(SHARE_BODY_LIMIT_BYTES + 1) });
    expect(await refusal(await answerShareRequest(tooLarge))).toMatchObject({ status: 413, code: 'too-large' });
    expect(await refusal(await answerShareReadRequest('f'.repeat(40)))).toEqual({ status: 404, code: 'not-found', paths: [] });
    expect(await refusal(await answerShareReadRequest('../etc/passwd'))).toEqual({ status: 404, code: 'not-found', paths: [] });
  });
});
