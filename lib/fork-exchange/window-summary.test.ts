import { describe, expect, it } from 'vitest';
import { classifyMessages, planFork } from '@/lib/fork';
import { syntheticParent } from '@/lib/scenarios/synthetic-parent';
import { summarizeWindow, windowSummaryLine } from './window-summary';

describe('window summary', () => {
  const parent = syntheticParent(60);
  const classifications = classifyMessages(parent.messages);

  it('counts the last 7 turns of a long parent: the placeholder answers one pair, startup kept, the summary left out', () => {
    const plan = planFork(parent, { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '7' } });
    const summary = summarizeWindow(plan, classifications);
    expect(windowSummaryLine(summary)).toBe('7 real turns · 7 tool pairs · 1 reminder · startup kept · 1 compaction summary left out · 3 synthetic messages');
    expect(summary.inheritedMessages + summary.excludedMessages).toBe(parent.messages.length);
  });

  it('says nothing of startup or compaction when the window has none to report', () => {
    expect(
      windowSummaryLine({
        realTurns: 1,
        toolPairs: 0,
        reminders: 2,
        startupKept: 0,
        compactionSummariesLeftOut: 0,
        inheritedMessages: 3,
        excludedMessages: 0,
        syntheticMessages: 0,
      }),
    ).toBe('1 real turn · 0 tool pairs · 2 reminders');
  });
});
