import { describe, expect, it } from 'vitest';
import type { ForkPlan } from '@/lib/fork';
import type { HttpErrorBody } from '@/lib/http/http-error';
import { parentOf, reminder, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { answerPlanRequest, PLAN_BODY_LIMIT_BYTES } from './plan-endpoint';

const transcript = parentOf([
  reminder('s', 'env'),
  user('u1', 'hello'),
  toolCalls('c', [{ id: 'agent-1', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', prompt: 'x' } }]),
]);

const post = (body: string) => new Request('http://localhost/api/fork/plan', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('answerPlanRequest', () => {
  it('answers the plan', async () => {
    const answer = await answerPlanRequest(
      post(
        JSON.stringify({
          transcript,
          request: { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } },
        }),
      ),
    );
    expect(answer.status).toBe(200);
    const { plan } = (await answer.json()) as { plan: ForkPlan };
    expect(plan.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: 'Begin.' }]);
    expect(plan.window!.start).toBe(1);
  });

  it('answers 400 with the runtime’s parameter errors', async () => {
    const answer = await answerPlanRequest(
      post(
        JSON.stringify({
          transcript,
          request: { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: ' 3 ' } },
        }),
      ),
    );
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatchObject({
      message: 'The runtime rejects this fork request.',
      errors: [
        {
          parameter: 'fork_turns',
          code: 'fork_turns_format',
          message: 'Parameter "fork_turns" must be "all" or a positive integer string such as "3".',
        },
      ],
    });
  });

  it('answers 400 with the path of each shape problem', async () => {
    const answer = await answerPlanRequest(
      post(JSON.stringify({ transcript: { messages: [{ id: 'a', message: { role: 'user' } }] }, request: { policy: 'x' } })),
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as HttpErrorBody).error.issues!.map((issue) => issue.path)).toEqual([
      'transcript.messages[0].message.content',
      'request.policy',
    ]);
  });

  it('answers 400 for invalid JSON and 415 for another content type', async () => {
    expect((await answerPlanRequest(post('{"transcript":'))).status).toBe(400);
    const form = new Request('http://localhost/api/fork/plan', {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'text/plain' },
    });
    const refused = await answerPlanRequest(form);
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 415,
      body: { error: { code: 'unsupported-media-type', message: 'Content-Type must be application/json (got text/plain).' } },
    });
  });

  it('answers 413 above the documented limit', async () => {
    const big = JSON.stringify({ transcript: { messages: [] }, request: {}, pad: 'x'.repeat(PLAN_BODY_LIMIT_BYTES) });
    const answer = await answerPlanRequest(post(big));
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 413,
      body: {
        error: {
          code: 'too-large',
          message: 'Request body is larger than the 8 MB limit. Send a smaller transcript (cut it with a fork point, or import it and plan in the app).',
          limitBytes: PLAN_BODY_LIMIT_BYTES,
        },
      },
    });
  });
});
