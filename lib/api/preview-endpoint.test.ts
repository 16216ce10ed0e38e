import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';

const { answerPreviewRequest, PREVIEW_BODY_LIMIT_BYTES } = await import('./preview-endpoint');
const { registerParent } = await import('@/lib/fork-service');

const transcript = {
  profile: { agentId: 'main', name: 'agent', systemInstruction: '', tools: [], model: 'fork-lab-offline', depth: 0 },
  messages: [
    { id: 'u1', message: { role: 'user' as const, content: 'Fix the bug.' } },
    { id: 'a1', message: { role: 'assistant' as const, content: 'Looking.' } },
    { id: 'u2', message: { role: 'user' as const, content: 'And add a test.' } },
  ],
};
const request = { policy: 'qwen-fork-turns', directive: 'Write the test.', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };

function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Request {
  return new Request('http://localhost/api/fork/preview', { method: 'POST', body, headers });
}

async function refusal(response: Response) {
  const parsed = httpErrorBodySchema.parse(await response.json());
  return { status: response.status, code: parsed.error.code, paths: (parsed.error.issues ?? []).map((issue) => issue.path) };
}

describe('POST /api/fork/preview', () => {
  it('plans a registered parent by its key', async () => {
    const { parentKey } = await registerParent(transcript);
    const response = await answerPreviewRequest(post(JSON.stringify({ parentKey, request })));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.status).toBe('ok');
    expect(answer.plan.window.start).toBe(2);
    expect(answer.plan.errors).toEqual([]);
  });

  it('answers 409 unknown-parent in the one error shape when the server does not hold the parent, so the browser registers it again', async () => {
    const response = await answerPreviewRequest(post(JSON.stringify({ parentKey: 'f'.repeat(64), request })));
    expect(await refusal(response)).toEqual({ status: 409, code: 'unknown-parent', paths: [] });
  });

  it('refuses a body that is not a key and a request, in the one error shape', async () => {
    expect(await refusal(await answerPreviewRequest(post(JSON.stringify({ parentKey: 'nope', request: { policy: 'x' } }))))).toEqual({
      status: 400,
      code: 'invalid-request',
      paths: ['parentKey', 'request.policy'],
    });
    expect(await refusal(await answerPreviewRequest(post('{"parentKey":')))).toMatchObject({ status: 400, code: 'invalid-json' });
    expect(await refusal(await answerPreviewRequest(post('x', { 'content-type': 'text/plain' })))).toMatchObject({ status: 415 });
    const tooLarge = post('{}', { 'content-type': 'application/json', 'content-length': String(PREVIEW_BODY_LIMIT_BYTES + 1) });
    expect(await refusal(await answerPreviewRequest(tooLarge))).toMatchObject({ status: 413, code: 'too-large' });
  });
});
