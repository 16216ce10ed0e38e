import type { ForkPlan, MessageClassification } from '@/lib/fork';
import { dispositionAt } from '@/lib/fork';

/** What a fork window holds, counted for the one-line summary above the timeline. */
export interface WindowSummary {
  realTurns: number;
  /** Tool results in the child's initial messages: each answers one call (placeholders included). */
  toolPairs: number;
  /** Reminder messages the child inherits. */
  reminders: number;
  /** Parent messages of the startup block that the child keeps. */
  startupKept: number;
  compactionSummariesLeftOut: number;
  inheritedMessages: number;
  excludedMessages: number;
  syntheticMessages: number;
}

export function summarizeWindow(plan: ForkPlan, classifications: readonly MessageClassification[]): WindowSummary {
  const summary: WindowSummary = {
    realTurns: plan.window?.realTurns ?? 0,
    toolPairs: 0,
    reminders: 0,
    startupKept: 0,
    compactionSummariesLeftOut: 0,
    inheritedMessages: 0,
    excludedMessages: 0,
    syntheticMessages: 0,
  };
  for (const range of plan.parent) {
    const size = range.end - range.start;
    if (range.status === 'inherited') summary.inheritedMessages += size;
    else summary.excludedMessages += size;
    if (range.reason === 'startup-prefix-kept') summary.startupKept += size;
  }
  classifications.forEach((classification, index) => {
    const disposition = dispositionAt(plan.parent, index);
    if (disposition === undefined) return;
    if (disposition.status === 'inherited' && (classification.kind === 'pure-reminder' || classification.kind === 'reminder')) {
      summary.reminders += 1;
    }
    if (classification.kind === 'compaction-summary' && disposition.status === 'excluded') summary.compactionSummariesLeftOut += 1;
  });
  for (const message of plan.child?.initialMessages ?? []) {
    if (message.source.kind === 'synthetic') summary.syntheticMessages += 1;
    if (message.message.role === 'tool') {
      summary.toolPairs += (message.message.content as { type: string }[]).filter((part) => part.type === 'tool-result').length;
    }
  }
  return summary;
}

function count(value: number, one: string, many = `${one}s`): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
}

/** "3 real turns · 11 tool pairs · 2 reminders · startup kept · 1 compaction summary left out" */
export function windowSummaryLine(summary: WindowSummary): string {
  const parts = [count(summary.realTurns, 'real turn'), count(summary.toolPairs, 'tool pair'), count(summary.reminders, 'reminder')];
  if (summary.startupKept > 0) parts.push('startup kept');
  if (summary.compactionSummariesLeftOut > 0) parts.push(`${count(summary.compactionSummariesLeftOut, 'compaction summary', 'compaction summaries')} left out`);
  if (summary.syntheticMessages > 0) parts.push(count(summary.syntheticMessages, 'synthetic message'));
  return parts.join(' · ');
}
