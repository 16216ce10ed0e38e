import { describe, expect, it } from 'vitest';
import { POST } from './route';

describe('POST /api/fork/plan', () => {
  it('answers JSON with no-store and nosniff headers', async () => {
    const response = await POST(
      new Request('http://localhost/api/fork/plan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          transcript: { messages: [{ id: 'u', message: { role: 'user', content: 'hi' } }] },
          request: { policy: 'kimi-fork', directive: 'x', params: { description: 'Fork', fork: true } },
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await response.json()) as { plan: { child: { initialMessages: unknown[] } } };
    // The parent's one message, then Kimi 2.1's notice as a reminder of its own.
    expect(body.plan.child.initialMessages).toHaveLength(2);
  });
});
