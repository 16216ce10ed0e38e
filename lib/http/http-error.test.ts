import { describe, expect, it } from 'vitest';
import { answeringErrors, errorResponse, HttpError, httpErrorBodySchema, internalError, invalidRequest, toHttpError } from './http-error';

describe('HttpError', () => {
  it('answers its status and the one body, details beside code and message', async () => {
    const error = new HttpError(422, 'ambiguous-format', 'Choose the format.', { candidates: [{ id: 'openai-chat', label: 'OpenAI Chat' }] });
    const response = errorResponse(error);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({
      error: { code: 'ambiguous-format', message: 'Choose the format.', candidates: [{ id: 'openai-chat', label: 'OpenAI Chat' }] },
    });
  });

  it('names each shape problem for a 400', () => {
    expect(invalidRequest('The body is not valid.', [{ path: 'messages[3].content', message: 'Required' }]).body).toEqual({
      error: { code: 'invalid-request', message: 'The body is not valid.', issues: [{ path: 'messages[3].content', message: 'Required' }] },
    });
  });

  it('turns an unexpected exception into a 500 that does not repeat what it said', async () => {
    const leak = new Error('ENOENT: /home/someone/.secrets sk-live-1234');
    const response = errorResponse(leak, 'plan this request');
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      error: { code: 'internal', message: 'Fork Lab could not plan this request: an internal error. Nothing was saved or changed.' },
    });
    expect(JSON.stringify(body)).not.toContain('sk-live');
    expect(toHttpError('a thrown string', 'import this file')).toEqual(internalError('import this file'));
  });

  it('lets an endpoint throw and still answer in the one shape', async () => {
    const refuse = answeringErrors('run this turn', async (kind: string) => {
      if (kind === 'refused') throw new HttpError(409, 'unknown-parent', 'Register the parent again.');
      if (kind === 'broken') throw new TypeError('cannot read properties of undefined');
      return new Response('ok');
    });
    expect(await (await refuse('fine')).text()).toBe('ok');
    const refused = await refuse('refused');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'unknown-parent', message: 'Register the parent again.' } });
    const broken = await refuse('broken');
    expect(broken.status).toBe(500);
    expect((await broken.json()).error.code).toBe('internal');
  });
});

describe('httpErrorBodySchema', () => {
  const valid = (body: unknown) => httpErrorBodySchema.safeParse(body).success;

  it('accepts every detail the API sends', () => {
    expect(
      valid({
        error: {
          code: 'fork-request-rejected',
          message: 'The runtime rejects this fork request.',
          errors: [{ parameter: 'fork_turns', code: 'fork_turns_format', message: 'fork_turns must be "all"…' }],
        },
      }),
    ).toBe(true);
    expect(valid({ error: { code: 'invalid-json', message: 'Line 2 is not valid JSON: …', line: 2 } })).toBe(true);
    expect(valid({ error: { code: 'too-large', message: 'Too large.', limitBytes: 100 } })).toBe(true);
    expect(valid({ error: { code: 'invalid-request', message: 'Bad.', issues: [{ path: 'transcript.messages[3].message.content', message: 'x' }] } })).toBe(
      true,
    );
  });

  it('refuses the shapes the endpoints used to answer', () => {
    // /api/fork/plan and /api/parent/turn: a string error with issues beside it.
    expect(valid({ error: 'The turn request is not valid.', issues: [{ path: 'prompt', message: 'x' }] })).toBe(false);
    // /api/import's 413: the limit beside the error, not in it.
    expect(valid({ error: { code: 'too-large', message: 'Too large.' }, limitBytes: 100 })).toBe(false);
    // the dotted index one endpoint wrote.
    expect(valid({ error: { code: 'invalid-request', message: 'Bad.', issues: [{ path: 'messages.3.content', message: 'x' }] } })).toBe(false);
    expect(valid({ error: { code: 'invalid-request', message: 'Bad.', issues: [{ path: '0', message: 'x' }] } })).toBe(false);
    // a code for people, not scripts.
    expect(valid({ error: { code: 'Unknown parent', message: 'Bad.' } })).toBe(false);
    expect(valid({ error: { code: 'internal', message: '' } })).toBe(false);
  });
});
