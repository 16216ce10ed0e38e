import type { ContextEntry } from './lexical-recall';

/**
 * A request to summarise the conversation so far: what a runtime sends its model to compact a
 * context. Within one sentence, which a prompt may wrap over lines (Kimi Code's: "Create a
 * handoff summary for the\nmodel that will resume this task after the earlier conversation is cleared").
 */
const SUMMARY_REQUEST = /\b(summary|summari[sz]e)\b[^.]*\b(conversation|context|transcript)\b/i;

export function asksForSummary(question: string): boolean {
  return SUMMARY_REQUEST.test(question);
}

function clip(text: string, length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}

/**
 * The summary a compaction asks for, deterministic: every user message of the context in order
 * (the facts a person gave are what a later fork must still know), in the `<analysis>`/`<summary>`
 * shape runtimes' compaction prompts ask for, which they read the summary out of.
 */
export function conversationSummary(context: readonly ContextEntry[]): string {
  const said = context.filter((entry) => entry.role === 'user').map((entry) => `- ${clip(entry.text, 300)}`);
  return [
    '<analysis>',
    'The conversation so far, the user’s messages in order.',
    '</analysis>',
    '',
    '<summary>',
    'All user messages:',
    ...(said.length === 0 ? ['- (none)'] : said),
    '</summary>',
  ].join('\n');
}
