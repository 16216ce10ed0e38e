import { describe, expect, it, vi } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';
import { IMPORT_ERROR_CODES, IMPORT_LIMITS } from '@/lib/import';

// The runs journal is SQLite on disk; these answers need only to know that a run is not there, or
// that asking failed.
vi.mock('@/lib/agent/run-manager', () => ({
  runManager: () => ({
    journal: {
      getRun: (id: string) => {
        if (id === 'journal-fails') throw new Error('SQLITE_IOERR: disk I/O error at /srv/fork-lab/.data/runs.sqlite');
        return null;
      },
    },
  }),
}));

const { POST: plan } = await import('./fork/plan/route');
const { POST: importFile } = await import('./import/route');
const { POST: parentTurn } = await import('./parent/turn/route');
const { GET: runEvents } = await import('./runs/[runId]/events/route');
const { registerParent } = await import('@/lib/fork-service');

const JSON_TYPE = { 'content-type': 'application/json' };

function post(path: string, body: BodyInit, headers: Record<string, string> = JSON_TYPE): Request {
  return new Request(`http://localhost${path}`, { method: 'POST', body, headers });
}

/** The answer's status and code, after checking its body is the one error shape. */
async function refusal(response: Response): Promise<{ status: number; code: string }> {
  const parsed = httpErrorBodySchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`not the error shape: ${parsed.error.message}`);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { status: response.status, code: parsed.data.error.code };
}

const transcript = { messages: [{ id: 'u1', message: { role: 'user', content: 'hello' } }] };
const TEXT = { 'content-type': 'text/plain' };

describe('every endpoint answers errors in the one shape', () => {
  it('POST /api/fork/plan', async () => {
    const request = (body: unknown) => post('/api/fork/plan', JSON.stringify(body));
    expect(await refusal(await plan(post('/api/fork/plan', '{"transcript":')))).toEqual({ status: 400, code: 'invalid-json' });
    expect(await refusal(await plan(post('/api/fork/plan', '')))).toEqual({ status: 400, code: 'invalid-json' });
    expect(await refusal(await plan(request([])))).toEqual({ status: 400, code: 'invalid-request' });
    expect(await refusal(await plan(request({ transcript: { messages: [{ id: 'a', message: { role: 'user' } }] }, request: {}, pad: 1 })))).toEqual({
      status: 400,
      code: 'invalid-request',
    });
    const rejected = request({ transcript, request: { policy: 'qwen-fork-turns', directive: 'x', params: { subagent_type: 'fork', fork_turns: 3 } } });
    expect(await refusal(await plan(rejected))).toEqual({ status: 400, code: 'fork-request-rejected' });
    expect(await refusal(await plan(post('/api/fork/plan', '{}', { ...JSON_TYPE, 'content-length': String(9 * 1024 * 1024) })))).toEqual({
      status: 413,
      code: 'too-large',
    });
    expect(await refusal(await plan(post('/api/fork/plan', 'a=1', TEXT)))).toEqual({ status: 415, code: 'unsupported-media-type' });
  });

  it('POST /api/import, with every code in its declared list', async () => {
    const answers = [
      await importFile(post('/api/import?format=word', '{}', {})),
      await importFile(post('/api/import?color=red', '{}', {})),
      await importFile(post('/api/import', '{"role":', {})),
      await importFile(post('/api/import', '', {})),
      await importFile(post('/api/import', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), {})),
      await importFile(post('/api/import', 'x', { 'content-length': String(IMPORT_LIMITS.maxBytes + 1) })),
      await importFile(post('/api/import', new FormData(), {})),
      await importFile(post('/api/import', '[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]', {})),
    ];
    const refusals = await Promise.all(answers.map(refusal));
    expect(refusals).toEqual([
      { status: 400, code: 'invalid-parameter' },
      { status: 400, code: 'invalid-parameter' },
      { status: 400, code: 'invalid-json' },
      { status: 400, code: 'empty' },
      { status: 400, code: 'binary' },
      { status: 413, code: 'too-large' },
      { status: 415, code: 'unsupported-media-type' },
      { status: 422, code: 'ambiguous-format' },
    ]);
    for (const { code } of refusals) expect(IMPORT_ERROR_CODES).toContain(code);
  });

  it('POST /api/import streams an error in the same body', async () => {
    const response = await importFile(post('/api/import', '{"hello":1}', { accept: 'application/x-ndjson' }));
    const last = JSON.parse((await response.text()).trim().split('\n').at(-1)!) as { type: string; status: number; error: unknown };
    expect(last).toMatchObject({ type: 'error', status: 400 });
    const parsed = httpErrorBodySchema.parse({ error: last.error });
    expect(parsed.error.code).toBe('unknown-format');
  });

  it('POST /api/parent/turn', async () => {
    const { parentKey } = await registerParent({
      profile: { agentId: 'main', name: 'agent', systemInstruction: '', tools: [], model: 'fork-lab-offline', depth: 0 },
      messages: [{ id: 'u1', message: { role: 'user', content: 'hello' } }],
    });
    const turn = { parentKey, sessionId: 's-1', prompt: 'hi', modelId: 'offline', policy: 'qwen-fork-turns' };
    const send = (body: unknown) => parentTurn(post('/api/parent/turn', JSON.stringify(body)));
    expect(await refusal(await parentTurn(post('/api/parent/turn', '{')))).toEqual({ status: 400, code: 'invalid-json' });
    expect(await refusal(await send({ ...turn, prompt: ' ', extra: 1 }))).toEqual({ status: 400, code: 'invalid-request' });
    expect(await refusal(await send({ ...turn, parentKey: 'f'.repeat(64) }))).toEqual({ status: 409, code: 'unknown-parent' });
    expect(await refusal(await send({ ...turn, modelId: 'no-such-model' }))).toEqual({ status: 400, code: 'unknown-model' });
    // Settings are checked against the runtime's: a choice must be one of its values, typed text is short.
    const swarm = { ...turn, policy: 'kimi-agent-swarm' };
    expect(await refusal(await send({ ...swarm, settings: { notice: 'loud' } }))).toEqual({ status: 400, code: 'invalid-request' });
    expect(await refusal(await send({ ...swarm, settings: { member: 'x'.repeat(201) } }))).toEqual({ status: 400, code: 'invalid-request' });
    expect((await send({ ...swarm, settings: { notice: 'prompt-prefix', member: '' } })).status).toBe(200);
    expect(await refusal(await parentTurn(post('/api/parent/turn', JSON.stringify({ ...turn, prompt: 'x'.repeat(70_000) }))))).toEqual({
      status: 413,
      code: 'too-large',
    });
    expect(await refusal(await parentTurn(post('/api/parent/turn', 'a=1', TEXT)))).toEqual({ status: 415, code: 'unsupported-media-type' });
  });

  it('GET /api/runs/<id>/events', async () => {
    const watch = (runId: string) => runEvents(new Request(`http://localhost/api/runs/${runId}/events`), { params: Promise.resolve({ runId }) });
    expect(await refusal(await watch('not a run id!'))).toEqual({ status: 400, code: 'invalid-request' });
    expect(await refusal(await watch('child-0123456789ab'))).toEqual({ status: 404, code: 'run-not-found' });
    const failed = await watch('journal-fails');
    expect(failed.status).toBe(500);
    const body = await failed.clone().json();
    expect(JSON.stringify(body)).not.toContain('SQLITE');
    expect(await refusal(failed)).toEqual({ status: 500, code: 'internal' });
  });
});
