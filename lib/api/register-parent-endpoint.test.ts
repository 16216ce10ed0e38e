import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';

const { answerRegisterParentRequest, REGISTER_BODY_LIMIT_BYTES } = await import('./register-parent-endpoint');
const { answerPreviewRequest } = await import('./preview-endpoint');

const transcript = {
  messages: [
    { id: 'u1', message: { role: 'user', content: 'Fix the bug.' } },
    { id: 'a1', message: { role: 'assistant', content: 'Looking.' } },
    { id: 'u2', message: { role: 'user', content: 'And add a test.' } },
  ],
};

function post(url: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }): Request {
  return new Request(`http://localhost${url}`, { method: 'POST', body, headers });
}

describe('POST /api/parent', () => {
  it('keeps the parent and answers the key previews name it by, with its tokens and kinds', async () => {
    const response = await answerRegisterParentRequest(post('/api/parent', JSON.stringify({ transcript })));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ status: 'ok', parentKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(answer.messageTokens).toHaveLength(3);
    expect(answer.classifications.map((entry: { kind: string }) => entry.kind)).toEqual(['real-user-turn', 'assistant', 'real-user-turn']);
    const request = { policy: 'qwen-fork-turns', directive: 'Write the test.', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };
    const preview = await answerPreviewRequest(post('/api/fork/preview', JSON.stringify({ parentKey: answer.parentKey, request })));
    expect((await preview.json()).plan.window.start).toBe(2);
  });

  it('refuses a transcript the engine cannot take, naming each bad value', async () => {
    const response = await answerRegisterParentRequest(
      post('/api/parent', JSON.stringify({ transcript: { messages: [{ id: 'u1', message: { role: 'robot', content: 'x' } }] } })),
    );
    expect(response.status).toBe(400);
    const body = httpErrorBodySchema.parse(await response.json());
    expect(body.error.code).toBe('invalid-request');
    expect(body.error.issues?.map((issue) => issue.path)).toEqual(['transcript.messages[0].message.role']);
    const duplicate = await answerRegisterParentRequest(
      post('/api/parent', JSON.stringify({ transcript: { messages: [transcript.messages[0], transcript.messages[0]] } })),
    );
    expect(httpErrorBodySchema.parse(await duplicate.json()).error.issues?.map((issue) => issue.path)).toEqual(['transcript.messages[1].id']);
  });

  it('refuses another content type, and a body that is not JSON', async () => {
    expect((await answerRegisterParentRequest(post('/api/parent', 'x', { 'content-type': 'text/plain' }))).status).toBe(415);
    const broken = await answerRegisterParentRequest(post('/api/parent', '{"transcript":'));
    expect(broken.status).toBe(400);
    expect(httpErrorBodySchema.parse(await broken.json()).error.code).toBe('invalid-json');
  });

  it('refuses a body over the limit (the import limit and 8 MB) with 413, naming the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > REGISTER_BODY_LIMIT_BYTES) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.length;
        }
      },
    });
    const response = await answerRegisterParentRequest(
      new Request('http://localhost/api/parent', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(httpErrorBodySchema.parse(await response.json()).error).toMatchObject({ code: 'too-large', limitBytes: REGISTER_BODY_LIMIT_BYTES });
  });
});
