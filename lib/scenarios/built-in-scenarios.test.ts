import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ForkPlan, joinedText, planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from './built-in-scenarios';
import { parseScenario } from './scenario';
import { DIRECTIVE } from './scenario-builder';
import { scenarioFiles } from './scenario-files';

const dir = path.join(process.cwd(), 'public', 'scenarios');

function planOf(id: string): ForkPlan {
  const scenario = BUILT_IN_SCENARIOS.find((s) => s.id === id)!;
  return planFork(scenario.transcript, scenario.request);
}
const ranges = (plan: ForkPlan) => plan.parent.map((r) => `${r.start}-${r.end} ${r.reason}`);

describe('built-in scenarios', () => {
  it('public/scenarios/ is exactly what `npm run scenarios` writes', () => {
    const expected = scenarioFiles(BUILT_IN_SCENARIOS);
    expect(readdirSync(dir).sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(readFileSync(path.join(dir, name), 'utf8'), name).toBe(text);
  });

  it('every scenario file validates and plans without errors, but the one that shows a refusal', () => {
    for (const scenario of BUILT_IN_SCENARIOS) {
      const parsed = parseScenario(JSON.parse(readFileSync(path.join(dir, `${scenario.id}.json`), 'utf8')));
      const codes = planFork(parsed.transcript, parsed.request).errors.map((error) => error.code);
      expect(codes, scenario.id).toEqual(scenario.id === 'codex-full-fork-lock' ? ['full_fork_override'] : []);
    }
  });

  it('each probe fact stands in the message it names, and the directive asks for it', () => {
    const probed = BUILT_IN_SCENARIOS.filter((scenario) => scenario.probes !== undefined);
    expect(probed.map((scenario) => scenario.id)).toContain('startup-block');
    expect(BUILT_IN_SCENARIOS.find((scenario) => scenario.id === 'startup-block')!.probes).toEqual([
      { question: 'What is the release tag?', fact: 'v2.14.3', messageId: 'u1' },
      { question: 'Who reported the bug?', fact: 'Acme Bank', messageId: 'u2' },
    ]);
    for (const scenario of probed) {
      for (const probe of scenario.probes!) {
        const stating = scenario.transcript.messages.find((entry) => entry.id === probe.messageId)!;
        expect(joinedText(stating.message)).toContain(probe.fact);
        if (scenario.request.directive === DIRECTIVE) expect(scenario.request.directive).toContain(probe.question);
      }
    }
  });

  it('each Codex scenario shows its rule', () => {
    expect(ranges(planOf('codex-final-answers'))).toEqual([
      '0-1 in-window',
      '1-2 usage-hint-filtered',
      '2-5 in-window',
      '5-6 not-a-final-answer',
      '6-7 tool-item-dropped',
      '7-8 not-a-final-answer',
      '8-9 tool-item-dropped',
      '9-11 in-window',
      '11-12 not-a-final-answer',
    ]);
    expect(JSON.stringify(planOf('codex-final-answers').child)).not.toContain('Document the date formats');
    expect(ranges(planOf('codex-last-turns-under-limit'))[0]).toBe('0-4 before-window');
  });

  it('the Claude Code scenario (2.1.328) keeps this fork’s own call of the sibling message alone, answers it, the directive last', () => {
    const child = planOf('claude-code-sibling-forks').child!;
    expect(child.initialMessages.at(-1)!.source).toEqual({ kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: ['fork-tests'] });
    // The sibling's call (and so its task) is not in this child: 2.1.328 records each call on its own.
    expect(JSON.stringify(child.initialMessages)).not.toContain('Document the date formats');
    expect(JSON.stringify(child.firstPrompt)).not.toContain('Document the date formats');
  });

  it('each scenario shows its behaviour', () => {
    expect(ranges(planOf('startup-block'))).toEqual(['0-1 startup-prefix-kept', '1-9 before-window', '9-10 in-window', '10-11 tool-call-input-redacted']);
    expect(ranges(planOf('compaction-summary'))).toEqual([
      '0-1 startup-prefix-kept',
      '1-5 compaction-summary-outside-window',
      '5-7 before-window',
      '7-10 in-window',
      '10-11 tool-call-input-redacted',
    ]);
    expect(ranges(planOf('reminders-between-turns'))).toEqual([
      '0-1 startup-prefix-kept',
      '1-3 before-window',
      '3-6 merged-by-curation',
      '6-7 in-window',
      '7-9 merged-by-curation',
      '9-10 tool-call-input-redacted',
    ]);
    expect(planOf('tool-only-turns').window!.start).toBe(9);
    expect(planOf('image-only-turn').window!.start).toBe(3);
    expect(planOf('whitespace-prompt').window!.start).toBe(1);
    expect(ranges(planOf('legacy-startup-pair'))[0]).toBe('0-2 startup-prefix-kept');
    const siblings = planOf('parallel-sibling-forks').child!.initialMessages;
    expect(JSON.stringify(siblings)).not.toContain('Document parseDate');
    expect(siblings.filter((m) => m.source.kind === 'synthetic' && m.source.rule === 'fork-placeholder-result')).toHaveLength(1);
    expect(planOf('partial-parallel-batch').child!.initialMessages.flatMap((m) => (m.source.kind === 'synthetic' ? (m.source.toolCallIds ?? []) : []))).toEqual(
      ['read-format', 'review'],
    );
    // Qwen drops the one trailing prompt and repairs nothing else: the fork call before it stays as it was, and
    // the chat closes it with its error result when the child first sends.
    expect(ranges(planOf('trailing-unanswered-user')).slice(-3)).toEqual(['2-4 in-window', '4-5 open-tool-call-closed', '5-6 trailing-user-message-dropped']);
    expect(ranges(planOf('mid-turn-fork'))).toEqual(['0-7 in-window', '7-11 in-flight-turn']);
    expect(planOf('first-turn-fork').child!.initialMessages).toEqual([]);
  });
});
