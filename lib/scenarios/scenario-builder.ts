/** What every built-in scenario shares: the demo agent's profile, its startup block and task. */

import { agentToolDeclaration } from '@/lib/agent/agent-tool';
import { type ForkRequest, joinedText, type TranscriptMessage } from '@/lib/fork';
import type { Scenario, ScenarioProbe } from './scenario';
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
/** The facts the demo conversations state early, each with the question that asks for it. */
export const PROBES: readonly Omit<ScenarioProbe, 'messageId'>[] = [
  { question: 'What is the release tag?', fact: 'v2.14.3' },
  { question: 'Who reported the bug?', fact: 'Acme Bank' },
];

/** The task every demo fork is given, and the probe questions: what the child answers shows what its window kept. */
export const DIRECTIVE = `Write unit tests for parseDate in src/date.ts, covering the edge cases we found. First: ${PROBES.map((probe) => probe.question).join(' ')}`;

/** Each probe fact the messages state, at the first message that states it. */
function probesIn(messages: readonly TranscriptMessage[]): ScenarioProbe[] {
  return PROBES.flatMap((probe) => {
    const stating = messages.find((entry) => entry.message.role === 'user' && joinedText(entry.message).includes(probe.fact));
    return stating === undefined ? [] : [{ ...probe, messageId: stating.id }];
  });
}

export function scenario(id: string, title: string, shows: string, messages: TranscriptMessage[], request: ForkRequest): Scenario {
  const probes = probesIn(messages);
  return {
    id,
    title,
    shows,
    transcript: parentOf(messages, { systemInstruction: SYSTEM, tools: toolsFor(request.policy) }),
    request,
    ...(probes.length === 0 ? {} : { probes }),
  };
}
