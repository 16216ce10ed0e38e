/** What every built-in scenario shares: the demo agent's profile, its startup block and task. */

import { agentToolDeclaration } from '@/lib/agent/agent-tool';
import type { ForkRequest, TranscriptMessage } from '@/lib/fork';
import type { Scenario } from './scenario';
import { parentOf, READ_FILE_TOOL, reminder } from './transcript-builders';

export const SYSTEM = 'You are Fork Lab’s demo coding agent. Work in the repository at /repo. Be concise.';
const toolsFor = (policy: ForkRequest['policy']) => [
  READ_FILE_TOOL,
  {
    name: 'write_file',
    description: 'Write a file in the workspace.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
  },
  {
    name: 'search_files',
    description: 'Search the workspace for a string.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
  // The Agent tool in the scenario's own runtime schema, so the live parent can call it with the
  // fork parameters that runtime takes.
  agentToolDeclaration(policy),
];
export const STARTUP = reminder('startup', 'Working directory: /repo\nPlatform: linux\nGit branch: main\nToday: 2026-11-30');
export const DIRECTIVE = 'Write unit tests for parseDate in src/date.ts, covering the edge cases we found.';

export function scenario(id: string, title: string, shows: string, messages: TranscriptMessage[], request: ForkRequest): Scenario {
  return { id, title, shows, transcript: parentOf(messages, { systemInstruction: SYSTEM, tools: toolsFor(request.policy) }), request };
}
