import { describe, expect, it } from 'vitest';
import { planFork } from '@/lib/fork';
import type { ImportAnswer } from '@/lib/import/import-answer';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { DEFAULT_SELECTION, selectionFromRequest } from './fork-selection';
import { importedSession } from './imported-session';

const scenario = BUILT_IN_SCENARIOS[0]!;
const plan = planFork(scenario.transcript, scenario.request);

function answer(children: ImportAnswer['children']): ImportAnswer {
  return {
    format: 'fork-lab-bundle',
    formatLabel: 'Fork Lab fork bundle (JSON)',
    title: 'Bundle',
    transcript: scenario.transcript,
    report: { format: 'fork-lab-bundle', formatLabel: 'Fork Lab fork bundle (JSON)', formatChosenBy: 'detection', counts: {} as never, entries: [] },
    request: scenario.request,
    children,
  };
}

const child = {
  name: 'reviewer',
  request: scenario.request,
  plan,
  bootstrap: null,
  ownMessages: [{ id: 'own-1', message: { role: 'assistant' as const, content: 'Half done.' } }],
  modelId: 'offline',
  finalOutput: null,
  tokens: null,
};

describe('importedSession', () => {
  it('opens the bundle’s request as the selection, and a child that was running as interrupted', async () => {
    let next = 0;
    const session = await importedSession(answer([{ ...child, status: 'running' }]), 'bundle.json', () => `id-${++next}`);
    expect(session.id).toBe('import:id-2');
    expect(session.source).toMatchObject({ kind: 'import', format: 'fork-lab-bundle', fileName: 'bundle.json' });
    expect(session.selection).toEqual(selectionFromRequest(scenario.request));
    expect(session.children[0]).toMatchObject({
      id: 'id-1',
      name: 'reviewer',
      ownMessages: child.ownMessages,
      run: { status: 'interrupted', deliveredToParent: true },
    });
  });

  it('keeps the launch time, family and isolation hashes the bundle recorded, and a planned child has no run', async () => {
    const isolation = { parentRevision: 3, parentHash: 'a'.repeat(64), inheritedHash: 'b'.repeat(64) };
    const session = await importedSession(
      answer([{ ...child, status: 'planned', launchedAt: '2026-11-30T04:33:42.000Z', familyId: 'family-1', isolation }]),
      null,
      () => 'x',
    );
    expect(session.children[0]).toMatchObject({
      createdAt: '2026-11-30T04:33:42.000Z',
      familyId: 'family-1',
      forkedAt: { revision: 3, parentHash: 'a'.repeat(64) },
      inheritedHash: 'b'.repeat(64),
      run: null,
    });
  });
});

describe('a session a runtime wrote', () => {
  it('opens on that runtime’s policy; a format no runtime writes on the first runtime', async () => {
    const session = (format: ImportAnswer['format']) =>
      importedSession({ ...answer([]), format, request: undefined }, null, () => 'x', '2026-12-03T00:00:00.000Z');
    expect((await session('claude-code')).selection.policy).toBe('claude-code-fork');
    expect((await session('codex')).selection.policy).toBe('codex-spawn-agent');
    expect((await session('qwen-code')).selection.policy).toBe('qwen-fork-turns');
    expect((await session('openai-chat')).selection).toEqual(DEFAULT_SELECTION);
    expect((await session('codex')).source).toMatchObject({ importedAt: '2026-12-03T00:00:00.000Z' });
  });
});
