'use client';

import { memo, useEffect, useRef } from 'react';
import { VisibleText } from '@/components/visible-text/visible-text';
import { type ForkPolicy, type ParentTranscript, runtimeOf, toolCallsOf } from '@/lib/fork';
import styles from './parent-chat.module.css';

/** How many of the parent's latest messages the chat shows: the exchange at hand, not the whole history (the timeline has it). */
const SHOWN = 6;

const WHO: Record<string, string> = { user: 'you', assistant: 'parent', notification: 'runtime notification' };

/** A message as one chat line: its text, or the tools it called; null for what a chat does not show (tool results, system text). */
function chatLine(message: ParentTranscript['messages'][number]['message']): string | null {
  if (message.role !== 'user' && message.role !== 'assistant') return null;
  const content = message.content;
  const text =
    typeof content === 'string'
      ? content
      : content
          .flatMap((part) => (part.type === 'text' ? [part.text] : []))
          .join('\n')
          .trim();
  if (text !== '') return text;
  if (message.role !== 'assistant') return null;
  const calls = toolCallsOf(message).map((call) => call.toolName);
  return calls.length === 0 ? null : `called ${calls.join(', ')}`;
}

/** The parent's latest user and assistant messages as a conversation, newest last, beside the box that continues it. */
export const ChatLog = memo(function ChatLog({ transcript, policy }: { transcript: ParentTranscript; policy: ForkPolicy }) {
  const { delivery } = runtimeOf(policy);
  // A background child's notification is a user-role message nobody typed: news from the runtime.
  const isNews = (text: string) => delivery.kind === 'background-notification' && delivery.isNotification(text);
  const lines: { index: number; role: string; text: string }[] = [];
  for (let index = transcript.messages.length - 1; index >= 0 && lines.length < SHOWN; index--) {
    const { message } = transcript.messages[index]!;
    const text = chatLine(message);
    if (text !== null) lines.unshift({ index, role: message.role === 'user' && isNews(text) ? 'notification' : message.role, text });
  }
  const log = useRef<HTMLOListElement>(null);
  const newest = lines.at(-1)?.index;
  // The newest message in view, as a chat keeps it.
  useEffect(() => {
    if (newest !== undefined && log.current !== null) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);
  if (lines.length === 0) return null;
  return (
    <ol
      ref={log}
      className={styles.log}
      aria-label="The latest messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus for the arrow keys to scroll it (WCAG 2.1.1)
      tabIndex={0}
      data-testid="parent-chat-log"
    >
      {lines.map((line) => (
        <li key={line.index} data-role={line.role} data-testid="parent-chat-line">
          <span className={styles.who}>
            {WHO[line.role] ?? line.role} · #{line.index}
          </span>
          <span className={styles.said}>
            <VisibleText text={line.text} />
          </span>
        </li>
      ))}
    </ol>
  );
});
