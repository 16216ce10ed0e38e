import { describe, expect, it } from 'vitest';
import { httpErrorBodySchema } from '@/lib/http/http-error';
import { runtimeThatForks } from '@/lib/recording/testing/runtime-that-forks';
import { captureBodyHandler, capturesListHandler } from './captures-endpoint';

const ASK = 'Call agent with fork=true prompt: "What is the deploy password?"';

describe('GET /api/captures', () => {
  it("lists a runtime's traffic as sessions and checks the fork in it", async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const response = await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures'));
    const answer = await response.json();
    expect(answer.captures.map((capture: { id: number; status: number }) => [capture.id, capture.status])).toEqual([
      [3, 200],
      [2, 200],
      [1, 200],
    ]);
    // The parent's two requests are one conversation; the child diverges from it.
    expect(answer.sessions.map((session: { captureIds: number[] }) => session.captureIds)).toEqual([[1, 3], [2]]);
    expect(answer.forks).toMatchObject([{ parentId: 3, childId: 2, runtime: 'kimi-fork', guessed: true, verdict: 'matches' }]);
  });

  it('checks by a named runtime, and refuses one that is not a runtime', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const named = await (await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures?runtime=kimi-fork'))).json();
    expect(named.forks).toMatchObject([{ runtime: 'kimi-fork', guessed: false }]);
    const bad = await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures?runtime=nope'));
    expect(bad.status).toBe(400);
    expect(httpErrorBodySchema.parse(await bad.json()).error.issues?.[0]?.path).toBe('runtime');
  });

  it('serves a captured body by id, and 404 for any other id', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const body = await captureBodyHandler(() => store)(new Request('http://127.0.0.1/api/captures/2'), '2');
    expect(body.headers.get('content-disposition')).toBe('attachment; filename="capture-2.openai-chat.json"');
    expect(JSON.parse(await body.text())).toHaveProperty('messages');
    for (const id of ['99', 'x', '0', '1e3']) expect((await captureBodyHandler(() => store)(new Request('http://127.0.0.1/'), id)).status).toBe(404);
  });
});
