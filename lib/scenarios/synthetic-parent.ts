import type { ParentTranscript, TranscriptMessage } from '@/lib/fork';
import { assistant, parentOf, reminder, toolCalls, toolResults, user } from './transcript-builders';

const FILE_BODY =
  'export function handler(request: Request): Response {\n' +
  '  const url = new URL(request.url);\n' +
  "  if (!url.searchParams.has('id')) return new Response('missing id', { status: 400 });\n" +
  "  return Response.json({ id: url.searchParams.get('id'), ok: true });\n}\n";

/**
 * A realistic long parent of about `size` messages: a startup block, a compaction summary, turns of
 * prompt → tool call → tool result → reply with a reminder every few turns, and an open Agent call
 * at the end (the fork in flight). Deterministic: the same size gives the same transcript.
 */
export function syntheticParent(size: number): ParentTranscript {
  const messages: TranscriptMessage[] = [
    reminder('startup', 'Working directory: /repo\nPlatform: linux\nToday: 2026-11-30'),
    user('summary', '<summary>Set up the repo, fixed the router, added tests.</summary>\nResume the prior task.'),
    assistant('summary-ack', 'Got it. Thanks for the additional context!'),
  ];
  let turn = 0;
  while (messages.length < size - 2) {
    if (turn % 5 === 4) messages.push(reminder(`r${turn}`, `The todo list changed: ${turn} items left.`));
    messages.push(user(`u${turn}`, `Turn ${turn}: look at src/route-${turn}.ts and tell me if it validates input.`));
    messages.push(toolCalls(`c${turn}`, [{ id: `call-${turn}`, tool: 'read_file', input: { path: `src/route-${turn}.ts` } }]));
    messages.push(toolResults(`t${turn}`, [{ id: `call-${turn}`, tool: 'read_file', output: FILE_BODY }]));
    messages.push(assistant(`a${turn}`, `route-${turn}.ts checks for a missing id and answers 400; otherwise it echoes the id.`));
    turn++;
  }
  messages.push(user('last', 'Fork a worker to add tests for every route.'));
  messages.push(
    toolCalls('fork-call', [{ id: 'agent-1', tool: 'agent', input: { subagent_type: 'fork', fork_turns: '3', prompt: 'Add tests for every route.' } }]),
  );
  return parentOf(messages);
}
