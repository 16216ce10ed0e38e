import type { ModelMessage } from '@/lib/fork';
import { firstDifference } from '@/lib/provider-cache/miss-explainer';
import type { CapturedConversation } from './captured-conversation';

/** Captured requests that belong to one conversation of the runtime. */
export interface CapturedSession {
  id: string;
  /** How the requests were grouped: the runtime's own id, or prefix continuity. */
  by: 'runtime-id' | 'continuity';
  key: string | null;
  captureIds: number[];
  /** The conversation's first user words, for a person to tell sessions apart. */
  title: string;
  messages: number;
}

function startsWith(longer: readonly ModelMessage[], shorter: readonly ModelMessage[]): boolean {
  if (shorter.length > longer.length) return false;
  return shorter.every((message, index) => firstDifference(message, longer[index], '') === null);
}

function titleOf(messages: readonly ModelMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  const text =
    first === undefined
      ? ''
      : typeof first.content === 'string'
        ? first.content
        : first.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line || '(no user text)';
}

/**
 * Group captured requests into sessions, oldest first: by the id the runtime sent when it sent one,
 * else by prefix continuity (a request continues the session whose latest request it begins with,
 * under the same system instruction). A fork child (`forkChildren`) starts a session of its own, even
 * when it copies its parent's whole history.
 */
export function groupSessions(
  captures: readonly { id: number; sessionKey: string | null; conversation: CapturedConversation | null }[],
  forkChildren: ReadonlySet<number> = new Set(),
): CapturedSession[] {
  const sessions: (CapturedSession & { last: readonly ModelMessage[]; system: string })[] = [];
  for (const capture of [...captures].sort((a, b) => a.id - b.id)) {
    const messages = capture.conversation?.transcript.messages.map((entry) => entry.message) ?? [];
    const system = capture.conversation?.transcript.profile.systemInstruction ?? '';
    // A fork copies its parent's history and so begins with it too: a known child starts its own session.
    const session = forkChildren.has(capture.id)
      ? undefined
      : capture.sessionKey !== null
        ? sessions.find((candidate) => candidate.key === capture.sessionKey)
        : sessions.findLast(
            (candidate) => candidate.by === 'continuity' && candidate.system === system && candidate.last.length > 0 && startsWith(messages, candidate.last),
          );
    if (session === undefined) {
      sessions.push({
        id: `session-${sessions.length + 1}`,
        by: capture.sessionKey === null ? 'continuity' : 'runtime-id',
        key: capture.sessionKey,
        captureIds: [capture.id],
        title: titleOf(messages),
        messages: messages.length,
        last: messages,
        system,
      });
    } else {
      session.captureIds.push(capture.id);
      session.last = messages;
      session.messages = messages.length;
    }
  }
  return sessions.map(({ last: _, system: __, ...session }) => session);
}
