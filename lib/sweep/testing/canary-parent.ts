import type { ParentTranscript } from '@/lib/fork';
import { parentOf } from '@/lib/scenarios/transcript-builders';

/** A conversation with a canary fact (the deploy password) stated four real turns before its end. */
export const CANARY_CHAT = [
  { role: 'user', content: 'The deploy password is heron-7731.' },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'Look at src/router.ts next.' },
  { role: 'assistant', content: 'The router validates ids.' },
  { role: 'user', content: 'Now check the date parser.' },
  { role: 'assistant', content: 'It parses ISO dates.' },
  { role: 'user', content: 'And the tests for it?' },
  { role: 'assistant', content: 'They pass.' },
] as const;

/** The same conversation as a parent transcript. */
export function canaryParent(): ParentTranscript {
  return parentOf(CANARY_CHAT.map(({ role, content }, index) => ({ id: `m${index}`, message: { role, content } })));
}
