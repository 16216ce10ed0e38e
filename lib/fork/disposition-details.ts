import type { DispositionReason } from './fork-plan';

/** Each disposition reason in words, as the timeline shows it. Policies override a few. */
export const DISPOSITION_DETAILS: Record<DispositionReason, string> = {
  'startup-prefix-kept': 'startup context: kept in front of the window so the child knows its environment',
  'in-window': 'inside the fork window: copied to the child',
  'merged-by-curation': 'merged with the adjacent user message (curated history): copied to the child as one message',
  'tool-call-input-redacted': 'the in-flight call: copied with every tool call input replaced by {} so sibling forks never see each other’s directives',
  'open-tool-call-closed': 'copied; its open tool calls are answered by synthetic “outcome unknown” results',
  'compaction-summary-outside-window': 'compaction summary: a synthetic prefix, never inside a numeric window (use "all" to keep it)',
  'before-window': 'before the fork window: not inherited',
  'dropped-by-curation': 'part of an assistant run with an empty message: curated history drops the whole run',
  'trailing-user-message-dropped': 'trailing user-role message nobody answered: dropped before the directive is sent',
  'in-flight-turn': 'part of the turn still in flight: the child gets completed turns only',
  'tool-messages-only': 'the history holds only tool messages: the snapshot is empty',
  'after-fork-point': 'after the fork point: the parent had not written it yet',
  'not-a-fork': 'not a fork: a regular subagent starts with no parent history',
  'request-rejected': 'the runtime rejects this request, so no child starts',
  'final-answer-kept': 'an assistant message reduced to its final-answer text',
  'tool-item-dropped': 'a tool item: not forked',
  'not-a-final-answer': 'an assistant message that is not a final answer: not forked',
  'usage-hint-filtered': 'a usage hint of the parent’s: filtered out of the fork',
};

export function detailsWith(overrides: Partial<Record<DispositionReason, string>>): Record<DispositionReason, string> {
  return { ...DISPOSITION_DETAILS, ...overrides };
}
