import { describe, expect, it } from 'vitest';
import { type ForkRequest, planFork } from '@/lib/fork';
import { mutableSharedObjects } from '@/lib/fork/testing/object-graph';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';

const { launchChild, previewFork, registerParent } = await import('./index');
const { PREVIEWS_PER_PARENT } = await import('./preview-memo');
const { expandPlan } = await import('@/lib/fork-exchange/compact-plan');

const parent = parentOf([
  user('u1', 'The build number is 4417.'),
  assistant('a1', 'Noted.'),
  user('u2', 'Now check the tests.'),
  toolCalls('c1', [{ id: 'call-1', tool: 'Agent', input: { description: 'Fork', subagent_type: 'fork', fork_turns: '1', prompt: 'x' } }]),
]);
const request: ForkRequest = { policy: 'qwen-fork-turns', directive: 'check', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } };

describe('fork service', () => {
  it('registers a parent once per content and answers its token counts and classification', async () => {
    const first = await registerParent(parent);
    const again = await registerParent(structuredClone(parent));
    expect(again.parentKey).toBe(first.parentKey);
    expect(first.parentKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.messageTokens).toHaveLength(4);
    expect(first.messageTokens[0]).toBe(8);
    expect(first.classifications.map((entry) => entry.kind)).toEqual(['real-user-turn', 'assistant', 'real-user-turn', 'tool-call']);
  });

  it('previews exactly the plan the engine makes', async () => {
    const { parentKey } = await registerParent(parent);
    const preview = await previewFork(parentKey, request);
    if (preview.status !== 'ok') throw new Error(preview.status);
    expect(expandPlan(preview.plan, parent.messages)).toEqual(planFork(parent, request));
    expect(preview.tokens?.total).toBeGreaterThan(0);
    expect(preview.classificationsAtForkPoint).toBeUndefined();
  });

  it('classifies the parent as it stood at an earlier fork point', async () => {
    const { parentKey } = await registerParent(parent);
    const preview = await previewFork(parentKey, { ...request, forkPoint: 2 });
    if (preview.status !== 'ok') throw new Error(preview.status);
    expect(preview.classificationsAtForkPoint?.map((entry) => entry.turnFromEnd)).toEqual([-1, undefined]);
  });

  it('says a preview counts only estimates when the parent holds a run too long to count exactly', async () => {
    const long = parentOf([user('u1', `Decode this: ${'Q'.repeat(100_000)}`), ...parent.messages.slice(1)]);
    const { parentKey } = await registerParent(long);
    const preview = await previewFork(parentKey, request);
    if (preview.status !== 'ok') throw new Error(preview.status);
    expect(preview.tokens).toMatchObject({ estimated: true });
    const exact = await previewFork((await registerParent(parent)).parentKey, request);
    expect(exact.status === 'ok' && exact.tokens).not.toHaveProperty('estimated');
  });

  it('answers a preview it gave before at once, the same frozen answer, and plans anew for another request or rules', async () => {
    const { parentKey } = await registerParent(parent);
    const asked = { ...request, directive: 'remember me' };
    const first = await previewFork(parentKey, asked);
    expect(await previewFork(parentKey, structuredClone(asked))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const other = await previewFork(parentKey, { ...asked, directive: 'someone else' });
    expect(other).not.toBe(first);
    // Rules of the same content are the same rules; other ones forecast anew.
    expect(await previewFork(parentKey, asked, undefined, structuredClone(PROVIDER_RULES))).toBe(first);
    const shorterTtl = { ...PROVIDER_RULES, providers: PROVIDER_RULES.providers.map((rule) => ({ ...rule, ttlSeconds: 60 })) };
    expect(await previewFork(parentKey, asked, undefined, shorterTtl)).not.toBe(first);
    // The oldest answers make room for new ones.
    for (let index = 0; index < PREVIEWS_PER_PARENT; index++) await previewFork(parentKey, { ...asked, directive: `window ${index}` });
    expect(await previewFork(parentKey, asked)).not.toBe(first);
  });

  it('answers unknown-parent for a key it does not hold, so the browser sends the parent again', async () => {
    expect(await previewFork('0'.repeat(64), request)).toEqual({ status: 'unknown-parent' });
    expect(await launchChild('0'.repeat(64), request, 'child-1')).toEqual({ status: 'unknown-parent' });
  });

  it('stops counting a preview whose request was abandoned, at its next pause', async () => {
    const { parentKey } = await registerParent(parent);
    // A directive long enough that counting the child's message pauses for the event loop.
    const long = { ...request, directive: 'count me '.repeat(50_000) };
    await expect(previewFork(parentKey, long, AbortSignal.abort())).rejects.toThrow(/abort/i);
    expect((await previewFork(parentKey, long)).status).toBe('ok');
  });

  it("launches a child with the engine's plan and a bootstrap record, sharing only the registered parent's frozen messages", async () => {
    const { parentKey } = await registerParent(parent);
    const launch = await launchChild(parentKey, request, 'child-1');
    if (launch.status !== 'ok') throw new Error(launch.status);
    expect(launch.plan).toEqual(planFork(parent, request));
    expect(mutableSharedObjects(parent, launch)).toEqual([]);
    // Registering froze the parent whole: the window's first message, u2, is the parent's own object.
    expect(launch.plan.child!.initialMessages[0]!.message).toBe(parent.messages[2]!.message);
    expect(launch.bootstrap.initialMessages[0]).toBe(parent.messages[2]!.message);
    expect(launch.bootstrap).toMatchObject({ kind: 'fork', childId: 'child-1', taskPrompt: 'Begin.' });
    expect(launch.agentCallId).toBe('call-1');
  });

  it('refuses to launch a rejected request or a spawn that is not a fork, saying why', async () => {
    const { parentKey } = await registerParent(parent);
    const rejected = await launchChild(parentKey, { ...request, params: { description: 'Fork', subagent_type: 'fork', fork_turns: '03' } }, 'c');
    expect(rejected.status).toBe('rejected');
    expect(rejected.status === 'rejected' && rejected.message).toMatch(/^fork_turns: /);
    const fresh = await launchChild(parentKey, { ...request, params: { description: 'Fork', subagent_type: 'Explore' } }, 'c');
    expect(fresh.status === 'rejected' && fresh.message).toMatch(/^Not a fork \(/);
  });
});
