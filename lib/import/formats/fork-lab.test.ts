import { describe, expect, it } from 'vitest';
import { forkBundle } from '@/lib/export/fork-bundle';
import { buildBootstrapRecord, type ForkRequest, planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { ImportError } from '../import-errors';
import { importTranscript } from '../import-transcript';

function bundleOf(scenarioIndex: number, request?: ForkRequest) {
  const scenario = BUILT_IN_SCENARIOS[scenarioIndex]!;
  const chosen = request ?? scenario.request;
  const plan = planFork(scenario.transcript, chosen);
  const children =
    plan.child === null
      ? []
      : [
          {
            name: 'reviewer',
            request: chosen,
            plan,
            bootstrap:
              chosen.policy === 'qwen-fork-turns' ? buildBootstrapRecord(plan, { childId: 'c1', parentAgentId: scenario.transcript.profile.agentId }) : null,
            ownMessages: [{ id: 'c1-1', message: { role: 'assistant' as const, content: 'Done: the open question is the retry policy.' } }],
            status: 'finished' as const,
            modelId: 'offline',
            finalOutput: 'Done: the open question is the retry policy.',
          },
        ];
  return {
    scenario,
    plan,
    bundle: forkBundle({ title: scenario.title, parent: scenario.transcript, request: chosen, plan, children, exportedAt: new Date('2026-11-30T00:00:00Z') }),
  };
}

async function refusal(text: string): Promise<ImportError> {
  try {
    await importTranscript(text);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe('fork bundle round trip', () => {
  it.each(BUILT_IN_SCENARIOS.map((scenario, index) => [scenario.id, index] as const))(
    '%s: export a bundle, import it, get the same parent, request, plan and child',
    async (_id, index) => {
      const { scenario, plan, bundle } = bundleOf(index);
      const result = await importTranscript(JSON.stringify(bundle));
      expect(result.format).toBe('fork-lab-bundle');
      expect(result.transcript).toEqual(scenario.transcript);
      expect(result.request).toEqual(scenario.request);
      expect(planFork(result.transcript, result.request!)).toEqual(plan);
      expect(result.report.entries).toEqual([]);
      expect(result.children).toEqual(bundle.children.map(({ transcript: _transcript, ...child }) => child));
      expect(result.title).toBe(scenario.title);
    },
  );

  it('carries the child transcript whole: system instruction, inherited messages, first prompt, then its own', () => {
    const { bundle, plan } = bundleOf(0);
    const child = bundle.children[0]!;
    expect(child.transcript).toEqual([
      { role: 'system', content: plan.child!.systemInstruction },
      ...plan.child!.initialMessages.map((entry) => entry.message),
      plan.child!.firstPrompt.message,
      { role: 'assistant', content: 'Done: the open question is the retry policy.' },
    ]);
  });

  it('flags a plan that differs from what the engine plans now, and shows the engine’s', async () => {
    const { bundle } = bundleOf(0);
    const tampered = { ...bundle, plan: { ...bundle.plan, warnings: ['edited by hand'] } };
    const result = await importTranscript(JSON.stringify(tampered));
    expect(result.report.entries.map((entry) => [entry.action, entry.reason, entry.fields])).toEqual([
      ['flagged', 'plan: differs from what this engine plans for the bundled request; the engine’s plan is shown', ['plan']],
    ]);
  });

  it('refuses a bundle of another version, naming what it reads', async () => {
    const { bundle } = bundleOf(0);
    const error = await refusal(JSON.stringify({ ...bundle, version: 2 }));
    expect(error.message).toBe('version: this Fork Lab reads fork bundles of version 1; the bundle says 2.');
  });

  it('refuses a bundle whose parent or child is malformed, naming the field', async () => {
    const { bundle } = bundleOf(0);
    const badParent = { ...bundle, parent: { messages: [{ id: '', message: { role: 'user', content: 'x' } }] } };
    expect((await refusal(JSON.stringify(badParent))).location.field).toBe('parent.messages[0].id');
    const badChild = { ...bundle, children: [{ ...bundle.children[0], ownMessages: [{ id: 'x', message: { role: 'robot', content: 'x' } }] }] };
    const error = await refusal(JSON.stringify(badChild));
    expect(error.location.field).toBe('children[0].ownMessages[0].message.role');
  });
});

describe('a bundled child keeps when it was launched and its isolation hashes', () => {
  it('restores them, and refuses a hash that is not a SHA-256 digest', async () => {
    const { bundle } = bundleOf(0);
    const isolation = { parentRevision: 2, parentHash: 'a'.repeat(64), inheritedHash: 'b'.repeat(64) };
    const child = { ...bundle.children[0]!, launchedAt: '2026-11-30T04:33:42.000Z', familyId: 'family-1', isolation };
    const result = await importTranscript(JSON.stringify({ ...bundle, children: [child] }));
    expect(result.children?.[0]).toMatchObject({ launchedAt: '2026-11-30T04:33:42.000Z', familyId: 'family-1', isolation });
    const bad = { ...child, isolation: { ...isolation, parentHash: 'not-a-hash' } };
    expect((await refusal(JSON.stringify({ ...bundle, children: [bad] }))).location.field).toBe('children[0].isolation.parentHash');
  });
});

describe('a hand-made bundle cannot make the server run away', () => {
  it('refuses plan positions past the bound, ranges that do not tile the parent, and a missing cache', async () => {
    const { bundle } = bundleOf(0);
    const child = bundle.children[0]!;
    const withPlan = (plan: object) => JSON.stringify({ ...bundle, children: [{ ...child, plan: { ...child.plan, ...plan } }] });
    expect((await refusal(withPlan({ window: { ...child.plan.window, end: 9007199254740991 } }))).location.field).toBe('children[0].plan.window.end');
    const gap = child.plan.parent.map((range, index) => (index === 0 ? { ...range, end: range.end + 5 } : range));
    expect((await refusal(withPlan({ parent: gap }))).message).toMatch(/^children\[0\]\.plan\.parent\[1\]: ranges must tile the parent in order/);
    expect((await refusal(withPlan({ cache: undefined }))).location.field).toBe('children[0].plan.cache');
  });

  it('says plainly when the input is not a bundle or a transcript it was told to read as one', async () => {
    expect((await refusal2('{"a":1}\n{"b":2}\n', 'fork-lab-bundle')).message).toBe(
      'This is not Fork Lab fork bundle (JSON): a bundle is one JSON object with "kind": "fork-lab/fork-bundle".',
    );
    expect((await refusal2('{"a":1}\n{"b":2}\n', 'fork-lab-transcript')).code).toBe('format-mismatch');
  });
});

async function refusal2(text: string, format: 'fork-lab-bundle' | 'fork-lab-transcript'): Promise<ImportError> {
  try {
    await importTranscript(text, { format });
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe('Fork Lab transcript', () => {
  it('imports the engine’s own transcript shape and a scenario file', async () => {
    const scenario = BUILT_IN_SCENARIOS[0]!;
    const bare = await importTranscript(JSON.stringify(scenario.transcript));
    expect(bare.format).toBe('fork-lab-transcript');
    expect(bare.transcript).toEqual(scenario.transcript);
    const file = await importTranscript(JSON.stringify(scenario));
    expect(file.title).toBe(scenario.title);
    expect(file.transcript).toEqual(scenario.transcript);
  });
});
