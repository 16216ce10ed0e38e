import { describe, expect, it } from 'vitest';
import { describeHttpError, readErrorResponse } from './read-error-response';

const answer = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'application/json' } });

describe('readErrorResponse', () => {
  it('reads the one error body', async () => {
    const body = { error: { code: 'ambiguous-format', message: 'Choose.', candidates: [{ id: 'openai-chat', label: 'OpenAI Chat' }] } };
    await expect(readErrorResponse(answer(JSON.stringify(body), 422))).resolves.toEqual(body.error);
  });

  it('says what the server answered when the body is not the error shape', async () => {
    await expect(readErrorResponse(answer('<html>Bad gateway</html>', 502))).resolves.toEqual({
      code: 'unreadable-answer',
      message: 'The server answered 502.',
    });
    await expect(readErrorResponse(answer(JSON.stringify({ error: 'unknown-parent' }), 409))).resolves.toMatchObject({
      message: 'The server answered 409.',
    });
  });
});

describe('describeHttpError', () => {
  it('names each problem at its path, or gives the message when there are none', () => {
    expect(
      describeHttpError({
        code: 'invalid-request',
        message: 'The turn request is not valid.',
        issues: [
          { path: 'prompt', message: 'write a prompt for the parent' },
          { path: '', message: 'Unrecognized key: "extra"' },
        ],
      }),
    ).toBe('prompt: write a prompt for the parent; (root): Unrecognized key: "extra"');
    expect(
      describeHttpError({
        code: 'fork-request-rejected',
        message: 'The runtime rejects this fork request.',
        errors: [{ parameter: 'fork_turns', code: 'fork_turns_format', message: 'fork_turns must be "all".' }],
      }),
    ).toBe('fork_turns: fork_turns must be "all".');
    expect(describeHttpError({ code: 'unknown-model', message: 'There is no configured model "x".' })).toBe('There is no configured model "x".');
  });
});
