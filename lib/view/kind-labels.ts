import type { MessageClassification, MessageKind } from '@/lib/fork';

export const KIND_LABELS: Record<MessageKind, string> = {
  'real-user-turn': 'user turn',
  'startup-context': 'startup',
  'compaction-summary': 'compaction summary',
  'compaction-acknowledgement': 'compaction ack',
  'compaction-attachment': 'compaction attachment',
  'compaction-attachment-call': 'compaction replay',
  'pure-reminder': 'reminder',
  reminder: 'reminder (mixed)',
  'tool-call': 'tool call',
  'tool-result': 'tool result',
  assistant: 'assistant',
  system: 'system',
  other: 'other',
};

/**
 * The badge text for a row: the kind, and for a real turn its number from the end — shared by the
 * prompts of one turn, the later ones marked as continuing it.
 */
export function kindLabel(classification: MessageClassification): string {
  const label = KIND_LABELS[classification.kind];
  if (classification.uncounted !== undefined) return `${label} (not counted)`;
  if (classification.turnFromEnd === undefined) return label;
  return `${label} ${classification.turnFromEnd}${classification.continuesTurnAt === undefined ? '' : ' (continued)'}`;
}
