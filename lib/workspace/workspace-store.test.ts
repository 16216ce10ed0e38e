import { describe, expect, it } from 'vitest';
import { defaultCompareSetup } from '@/lib/compare/compare-setup';
import { deepFreeze, type ForkRequest, planFork, planForkFamily } from '@/lib/fork';
import { mutableSharedObjects, scribble, sharedObjects } from '@/lib/fork/testing/object-graph';
import { contentHash } from '@/lib/json/content-hash';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { debouncedStorage, memoryBackend } from './debounced-storage';
import { DEFAULT_SELECTION } from './fork-selection';
import type { ChildRecord } from './workspace';
import { activeSession, createWorkspaceStore, type PersistedWorkspace, WORKSPACE_STORAGE_KEY, type WorkspaceState } from './workspace-store';

const transcript = parentOf([user('u1', 'The code word is heron.'), assistant('a1', 'Noted.'), user('u2', 'Now plan the release.')]);
// Kimi by the code read in August, whose parent gets the child's output as it is: what the store delivers, not how a release frames it.
const request: ForkRequest = { policy: 'kimi-fork', directive: 'Summarise.', params: { description: 'Fork', fork: true }, runtimeVersion: 'code-read' };
const init = { id: 'scenario:demo', title: 'Demo', source: { kind: 'scenario' as const, scenarioId: 'demo' }, transcript, selection: DEFAULT_SELECTION };

async function childOf(state: WorkspaceState): Promise<ChildRecord> {
  const session = activeSession(state)!;
  const plan = planFork(session.transcript, request) as ChildRecord['plan'];
  return {
    id: 'child-1',
    name: 'child 1',
    createdAt: '2026-11-30T00:00:00.000Z',
    request,
    plan,
    tokens: {
      encoding: 'o200k_base',
      systemInstruction: 0,
      tools: 0,
      initialMessages: 0,
      firstPrompt: 0,
      total: 0,
      parentNextRequest: 0,
      sharedPrefix: { messages: 0, tokens: 0 },
    },
    bootstrap: null,
    ownMessages: [],
    forkedAt: { revision: session.revision, parentHash: await contentHash(session.transcript) },
    inheritedHash: await contentHash([...plan.child.initialMessages, plan.child.firstPrompt]),
    agentCallId: null,
    run: null,
  };
}

function newStore(backend = memoryBackend()) {
  const storage = debouncedStorage<PersistedWorkspace>(backend, 5);
  return { store: createWorkspaceStore(storage), storage, backend };
}

/** A session whose parent has an open two-item AgentSwarm call, and the running child record of each member. */
async function swarmSession() {
  const { store } = newStore();
  const swarmInput = { description: 'Check', prompt_template: 'Check {{item}}.', items: ['a', 'b'], fork: true };
  const withCall = parentOf([...transcript.messages, toolCalls('c1', [{ id: 'call-1', tool: 'AgentSwarm', input: swarmInput }])]);
  store.getState().openSession({ ...init, transcript: withCall });
  const base = await childOf(store.getState());
  const swarm: ForkRequest = {
    policy: 'kimi-agent-swarm',
    directive: 'Check {{item}}.',
    params: { description: 'Check', items: ['a', 'b'], fork: true },
    runtimeVersion: 'code-read',
  };
  const plans = planForkFamily(activeSession(store.getState())!.transcript, swarm) as ChildRecord['plan'][];
  const running = { modelId: 'offline', status: 'running' as const, finalOutput: null, error: null, deliveredToParent: false };
  const member = (index: number): ChildRecord => ({
    ...base,
    id: `child-${index}`,
    plan: plans[index - 1]!,
    agentCallId: 'call-1',
    familyId: 'family-1',
    run: running,
  });
  return { store, withCall, member };
}

describe('workspace store', () => {
  it('keeps its own frozen copy of a parent: the caller’s object is never stored', () => {
    const { store } = newStore();
    // A copy of its own: the builders' tool declarations are module constants another test may have frozen.
    const callers = structuredClone(transcript);
    store.getState().openSession({ ...init, transcript: callers });
    const session = activeSession(store.getState())!;
    expect(session.transcript).toEqual(transcript);
    expect(sharedObjects(callers, session)).toEqual([]);
    expect(() => {
      (session.transcript.messages as unknown[]).push('x');
    }).toThrow(TypeError);
    expect(() => {
      (session.transcript.messages[0]!.message as { content: unknown }).content = 'changed';
    }).toThrow(TypeError);
  });

  it('keeps a deep-frozen parent as it is (nobody can write it), and copies one that is only frozen', () => {
    const { store } = newStore();
    const frozen = deepFreeze(structuredClone(transcript));
    store.getState().openSession({ ...init, transcript: frozen });
    expect(activeSession(store.getState())!.transcript).toBe(frozen);
    // Frozen on the outside only: its messages could still be written, so they are copied.
    const shallow = Object.freeze(structuredClone(transcript));
    store.getState().openSession({ ...init, id: 'shallow', transcript: shallow });
    const stored = activeSession(store.getState())!.transcript;
    expect(stored).toEqual(transcript);
    expect(sharedObjects(shallow, stored)).toEqual([]);
  });

  it('shows a session it holds, removes one (showing none when it was on show) and puts it back as it was, children and all', async () => {
    const { store } = newStore();
    const imported = { ...init, id: 'import:1', title: 'Imported', source: { kind: 'blank' as const } };
    store.getState().openSession(imported);
    store.getState().addChild(await childOf(store.getState()));
    store.getState().openSession(init);
    expect(store.getState().showSession('import:nope')).toBe(false);
    expect(store.getState().activeSessionId).toBe('scenario:demo');
    expect(store.getState().showSession('import:1')).toBe(true);
    expect(store.getState().activeSessionId).toBe('import:1');
    const held = store.getState().sessions['import:1']!;
    const removed = store.getState().removeSession('import:1');
    expect(removed).toBe(held);
    expect(store.getState().sessions['import:1']).toBeUndefined();
    expect(store.getState().activeSessionId).toBeNull();
    expect(store.getState().removeSession('import:1')).toBeNull();
    store.getState().restoreSession(removed!);
    expect(store.getState().sessions['import:1']).toBe(held);
    expect(activeSession(store.getState())!.children).toHaveLength(1);
    // Removing a session not on show leaves the one on show.
    store.getState().showSession('scenario:demo');
    store.getState().removeSession('import:1');
    expect(store.getState().activeSessionId).toBe('scenario:demo');
  });

  it('an edit keeps every message it did not touch, and makes a new one for the one it did', () => {
    const { store } = newStore();
    store.getState().openSession(init);
    const before = activeSession(store.getState())!.transcript;
    store.getState().replaceParentMessage(1, { role: 'user', content: 'Changed.' });
    const after = activeSession(store.getState())!.transcript;
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.messages[2]).toBe(before.messages[2]);
    expect(after.messages[1]).not.toBe(before.messages[1]);
    expect(before.messages[1]!.message.content).not.toBe('Changed.');
  });

  it('opening a session that exists switches to it without replacing it', () => {
    const { store } = newStore();
    store.getState().openSession(init);
    store.getState().appendParentMessage({ role: 'user', content: 'extra' });
    store.getState().openSession({ ...init, id: 'other', title: 'Other' });
    store.getState().openSession(init);
    expect(activeSession(store.getState())!.transcript.messages).toHaveLength(4);
    expect(Object.keys(store.getState().sessions)).toEqual(['scenario:demo', 'other']);
  });

  it('editing the parent after a fork changes no child, and the hashes show it', async () => {
    const { store } = newStore();
    store.getState().openSession(init);
    store.getState().addChild(await childOf(store.getState()));
    const child = activeSession(store.getState())!.children[0]!;
    const inheritedBefore = structuredClone([...child.plan.child.initialMessages, child.plan.child.firstPrompt]);

    store.getState().replaceParentMessage(0, { role: 'user', content: 'The code word is crane.' });
    store.getState().deleteParentMessage(1);
    store.getState().appendParentMessage({ role: 'user', content: 'Another turn.' });

    const after = activeSession(store.getState())!;
    expect(after.revision).toBe(3);
    expect(after.transcript.messages.map((entry) => entry.message.content)).toEqual([
      'The code word is crane.',
      [{ type: 'text', text: 'Now plan the release.' }],
      'Another turn.',
    ]);
    const childAfter = after.children[0]!;
    expect([...childAfter.plan.child.initialMessages, childAfter.plan.child.firstPrompt]).toEqual(inheritedBefore);
    expect(await contentHash([...childAfter.plan.child.initialMessages, childAfter.plan.child.firstPrompt])).toBe(child.inheritedHash);
    expect(await contentHash(after.transcript)).not.toBe(child.forkedAt.parentHash);
    // A deep-frozen message may sit in both (neither side can write it); nothing writable does.
    expect(mutableSharedObjects(after.transcript, childAfter)).toEqual([]);
    scribble(childAfter);
    expect(activeSession(store.getState())!.transcript).toEqual(after.transcript);
  });

  it('a refused edit leaves the session exactly as it was', () => {
    const { store } = newStore();
    store.getState().openSession(init);
    const before = store.getState().sessions;
    expect(() => store.getState().replaceParentMessage(0, { role: 'nobody' } as never)).toThrow();
    expect(() => store.getState().deleteParentMessage(42)).toThrow('There is no message #42');
    expect(store.getState().sessions).toBe(before);
  });

  it('survives a reload: a new store on the same storage restores sessions, children and selections', async () => {
    const { store, storage, backend } = newStore();
    store.getState().openSession(init);
    store.getState().setSelection((selection) => ({ ...selection, policy: 'kimi-fork', directive: 'Keep this.' }));
    store.getState().addChild(await childOf(store.getState()));
    await storage.flush();
    expect(storage.status()).toBe('saved');

    const reloaded = newStore(backend).store;
    await reloaded.persist.rehydrate();
    const session = activeSession(reloaded.getState())!;
    expect(session).toEqual(activeSession(store.getState()));
    expect(reloaded.getState().openChildId).toBe('child-1');
    expect(Object.isFrozen(session.children[0]!.plan.child.initialMessages[0]!.message)).toBe(true);
  });

  it('keeps a session’s compare across a reload, and drops one another version left broken without losing the session', async () => {
    const { store, storage, backend } = newStore();
    store.getState().openSession(init);
    let next = 0;
    const setup = defaultCompareSetup(
      { policy: 'qwen-fork-turns', values: { fork_turns: '2' }, forkPoint: null, directive: 'Compare.' },
      'offline',
      () => `v${++next}`,
    );
    store.getState().setCompare(setup);
    await storage.flush();
    const reloaded = newStore(backend).store;
    await reloaded.persist.rehydrate();
    expect(activeSession(reloaded.getState())!.compare).toEqual(setup);

    const broken = newStore();
    broken.store.getState().openSession(init);
    broken.store.getState().setCompare({ ...setup, baselineId: 'nobody' });
    await broken.storage.flush();
    const restored = newStore(broken.backend).store;
    await restored.persist.rehydrate();
    const session = activeSession(restored.getState())!;
    expect(session.compare).toBeUndefined();
    expect(session.transcript).toEqual(transcript);
  });

  it("keeps a workspace's edited cache rules across a reload, and drops rules another version left invalid", async () => {
    const { store, storage, backend } = newStore();
    store.getState().openSession(init);
    const edited = { ...PROVIDER_RULES, defaults: { ...PROVIDER_RULES.defaults, openai: 'gpt-4o' } };
    store.getState().setProviderRules(edited);
    await storage.flush();
    const reloaded = newStore(backend).store;
    await reloaded.persist.rehydrate();
    expect(reloaded.getState().providerRules).toEqual(edited);
    expect(Object.isFrozen(reloaded.getState().providerRules!.models[0])).toBe(true);

    store.getState().setProviderModel('anthropic', 'claude-opus-4-1');
    await storage.flush();
    const picked = newStore(backend).store;
    await picked.persist.rehydrate();
    expect(picked.getState().providerModels).toEqual({ anthropic: 'claude-opus-4-1' });

    store.getState().setProviderRules({ ...edited, defaults: { ...edited.defaults, openai: 'no-such-model' } });
    await storage.flush();
    const restored = newStore(backend).store;
    await restored.persist.rehydrate();
    expect(restored.getState().providerRules).toBeNull();
    expect(activeSession(restored.getState())!.transcript).toEqual(transcript);
  });

  it('starts empty when storage holds something that is not a workspace', async () => {
    for (const junk of [
      'not json',
      JSON.stringify({ state: { sessions: [1, 2] }, version: 1 }),
      JSON.stringify({ state: { sessions: { a: { id: 'b' } } }, version: 1 }),
    ]) {
      const backend = memoryBackend();
      backend.entries.set(WORKSPACE_STORAGE_KEY, junk);
      const { store } = newStore(backend);
      await store.persist.rehydrate();
      expect(store.getState().sessions).toEqual({});
      expect(store.getState().activeSessionId).toBeNull();
    }
  });

  it('reset forgets everything', async () => {
    const { store } = newStore();
    store.getState().openSession(init);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ sessions: {}, activeSessionId: null, openChildId: null });
  });

  it('applies run events: messages once each, and a finished run’s output reaches the parent once', async () => {
    const { store } = newStore();
    const withCall = parentOf([...transcript.messages, toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { prompt: 'x' } }])]);
    store.getState().openSession({ ...init, transcript: withCall });
    const base = await childOf(store.getState());
    store
      .getState()
      .addChild({ ...base, agentCallId: 'call-1', run: { modelId: 'offline', status: 'running', finalOutput: null, error: null, deliveredToParent: false } });
    const reply = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Found it.' }] };
    store.getState().applyRunEvent('child-1', { type: 'message', seq: 0, message: reply });
    store.getState().applyRunEvent('child-1', { type: 'message', seq: 0, message: reply });
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'finished', finalOutput: 'Found it.', error: null });
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'finished', finalOutput: 'Found it.', error: null });
    const session = activeSession(store.getState())!;
    const child = session.children[0]!;
    expect(child.ownMessages).toEqual([{ id: 'child-1-m0', message: reply }]);
    expect(child.run).toEqual({ modelId: 'offline', status: 'finished', finalOutput: 'Found it.', error: null, deliveredToParent: true });
    expect(session.transcript.messages.slice(4).map((entry) => entry.message)).toEqual([
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'agent', output: { type: 'text', value: 'Found it.' } }] },
    ]);
    expect(session.revision).toBe(1);
    expect(mutableSharedObjects(session.transcript, child)).toEqual([]);
  });

  it('a swarm’s children answer their one call together, once the last of them has ended, in launch order', async () => {
    const { store, withCall, member } = await swarmSession();
    store.getState().addChild(member(1));
    store.getState().addChild(member(2));
    store.getState().applyRunEvent('child-2', { type: 'status', status: 'failed', finalOutput: null, error: 'provider error' });
    expect(activeSession(store.getState())!.transcript.messages).toHaveLength(withCall.messages.length);
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'finished', finalOutput: 'All good.', error: null });
    const session = activeSession(store.getState())!;
    expect(session.children.map((child) => child.run?.deliveredToParent)).toEqual([true, true]);
    expect(session.transcript.messages.slice(withCall.messages.length).map((entry) => entry.message)).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'AgentSwarm',
            output: {
              type: 'text',
              value: [
                '<agent_swarm_result>',
                '<summary>completed: 1, failed: 1</summary>',
                '<resume_hint>Call AgentSwarm with resume_agent_ids using the agent_id values in this result to continue unfinished work.</resume_hint>',
                '<subagent agent_id="child-1" item="a" outcome="completed">All good.</subagent>',
                '<subagent agent_id="child-2" item="b" state="started" outcome="failed">provider error</subagent>',
                '</agent_swarm_result>',
              ].join('\n'),
            },
          },
        ],
      },
    ]);
    expect(session.revision).toBe(1);
  });

  it('a swarm whose first child ends before the next is recorded waits for the whole family', async () => {
    const { store, withCall, member } = await swarmSession();
    store.getState().addChild(member(1));
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'finished', finalOutput: 'A is fine.', error: null });
    expect(activeSession(store.getState())!.transcript.messages).toHaveLength(withCall.messages.length);
    store.getState().addChild(member(2));
    store.getState().applyRunEvent('child-2', { type: 'status', status: 'finished', finalOutput: 'B is fine.', error: null });
    const session = activeSession(store.getState())!;
    const added = session.transcript.messages.slice(withCall.messages.length);
    expect(added).toHaveLength(1);
    expect(JSON.stringify(added[0]!.message)).toContain('<summary>completed: 2</summary>');
  });

  it('a Qwen background fork that fails tells its parent once, and again when revived and finished', async () => {
    const { store } = newStore();
    const withCall = parentOf([
      ...transcript.messages,
      toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', prompt: 'x' } }]),
    ]);
    store.getState().openSession({ ...init, transcript: withCall });
    const base = await childOf(store.getState());
    const qwenRequest: ForkRequest = { policy: 'qwen-fork-turns', directive: 'Summarise.', params: { description: 'Fork', subagent_type: 'fork' } };
    const plan = planFork(activeSession(store.getState())!.transcript, qwenRequest) as ChildRecord['plan'];
    store.getState().addChild({
      ...base,
      request: qwenRequest,
      plan,
      agentCallId: 'call-1',
      run: { modelId: 'offline', status: 'running', finalOutput: null, error: null, deliveredToParent: false },
    });
    const texts = () =>
      activeSession(store.getState())!.transcript.messages.flatMap((entry) => (entry.message.role === 'user' ? [JSON.stringify(entry.message.content)] : []));
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'failed', finalOutput: null, error: 'provider error: 429' });
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'failed', finalOutput: null, error: 'provider error: 429' });
    expect(texts().filter((text) => text.includes('<status>failed</status>'))).toHaveLength(1);
    expect(texts().at(-1)).toContain('<result>Error: provider error: 429</result>');

    store.getState().applyRunEvent('child-1', { type: 'status', status: 'running', finalOutput: null, error: null });
    expect(activeSession(store.getState())!.children[0]!.run?.deliveredToParent).toBe(false);
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'finished', finalOutput: 'Found it.', error: null });
    expect(texts().at(-1)).toContain('<status>completed</status>');
    expect(texts().at(-1)).toContain('<result>Found it.</result>');
  });

  it('holds a result that arrives during a live parent turn until the turn ends', async () => {
    const { store } = newStore();
    store.getState().openSession(init);
    const base = await childOf(store.getState());
    store.getState().addChild({ ...base, run: { modelId: 'offline', status: 'running', finalOutput: null, error: null, deliveredToParent: false } });
    store.getState().setTurnInProgress(init.id, true);
    store.getState().appendParentMessage({ role: 'user', content: 'Tell me more.' });
    store.getState().applyRunEvent('child-1', { type: 'status', status: 'finished', finalOutput: 'Found it.', error: null });
    store.getState().appendParentMessage({ role: 'assistant', content: 'Here is more.' });
    expect(activeSession(store.getState())!.transcript.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant']);
    expect(activeSession(store.getState())!.children[0]!.run?.deliveredToParent).toBe(false);

    store.getState().setTurnInProgress(init.id, false);
    const session = activeSession(store.getState())!;
    expect(session.transcript.messages.at(-1)!.message).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '<system-reminder>\nThe forked agent "child 1" finished. Its result:\nFound it.\n</system-reminder>' }],
    });
    expect(session.children[0]!.run?.deliveredToParent).toBe(true);
    expect(store.getState().turnsInProgress).toEqual({});
  });
});
