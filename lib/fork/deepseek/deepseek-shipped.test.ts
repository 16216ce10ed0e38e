import { describe, expect, it } from 'vitest';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { planFork } from '../plan-fork';
import type { ToolDeclaration } from '../transcript/transcript';
import { deepSeekAnnouncedRelease } from './deepseek-versions';
import { childRuntimeContext } from './runtime-context';
import { withoutToolSections, withPersona } from './shipped-system-prompt';

const HEADER = 'Current runtime context. This snapshot supersedes earlier runtime-context snapshots.';
const FILES =
  'Current DSH file policy: workspace-write. Any available operation enforced by the DSH file sandbox may modify files under the session workspace: "/work".';
const ASK =
  'Approval policy: ask. Operations that require approval may ask through the configured answerers; without an available answerer, the request fails closed.';
const NEVER =
  'Approval prompts are disabled in this session: actions that require approval are rejected automatically — do not request sandbox escalation (do not set `sandbox_permissions`).';
const DELEGATED =
  'You are a delegated subagent: your permission scope was fixed when you were started and cannot be widened from inside this session — operations that require approval are rejected automatically. When the task needs access beyond that scope, do not retry the denied operation; state the limitation in your reply so the delegating agent can handle it.';
const SNAPSHOT = [HEADER, FILES, ASK].join('\n\n');
const CHILD_SNAPSHOT = [HEADER, FILES, NEVER, DELEGATED].join('\n\n');

const SYSTEM = [
  'You are an AI agent powered by DeepSeek Harness.',
  'You are a coding agent powered by the deepseek-v4-flash model. Your working directory is /work.',
  'Use the read tool — not shell commands like cat — to inspect text files.',
  'Use subagent in the background by default. Start independent delegations together in one assistant message.',
].join('\n\n');
const tool = (name: string): ToolDeclaration => ({ name, inputSchema: { type: 'object', properties: {} } });
const TOOLS = ['bash', 'glob', 'grep', 'read', 'subagent', 'subagent_fork', 'write'].map(tool);

/** A parent of two turns as 0.1 sends them, each prompt followed by the runtime context, the fork called in the second. */
function parent() {
  return parentOf(
    [
      user('u1', 'The deploy password is heron-7731.'),
      user('c1', SNAPSHOT),
      assistant('a1', 'Noted.'),
      user('u2', 'Call subagent_fork with description=Recall prompt="What is the deploy password?"'),
      user('c2', SNAPSHOT),
      toolCalls('call', [{ id: 'f1', tool: 'subagent_fork', input: { description: 'Recall', prompt: 'What is the deploy password?' } }]),
    ],
    { systemInstruction: SYSTEM, tools: TOOLS, model: 'deepseek-v4-flash' },
  );
}

const plan = (params: Record<string, unknown> = {}) =>
  planFork(parent(), { policy: 'deepseek-completed-turns', directive: 'What is the deploy password?', params: { description: 'Recall', ...params } });

describe('DeepSeek Harness 0.1 as shipped', () => {
  it('seeds the completed turn (its runtime context too), then sends the task and the child’s runtime context last', () => {
    const result = plan();
    expect(result.runtimeVersion).toBe('0.1');
    expect(result.child!.initialMessages.map((entry) => (entry.source.kind === 'copy' ? entry.source.parentIndexes : entry.source.rule))).toEqual([
      [0],
      [1],
      [2],
      'task-prompt',
    ]);
    expect(result.child!.initialMessages[3]!.message.content).toEqual([{ type: 'text', text: 'What is the deploy password?' }]);
    expect(result.child!.firstPrompt).toEqual({
      message: { role: 'user', content: [{ type: 'text', text: CHILD_SNAPSHOT }] },
      source: { kind: 'synthetic', rule: 'runtime-context' },
    });
    expect(result.child!.systemInstruction).toBe(SYSTEM);
  });

  it('reads by the code read before publication: no runtime context, and a persona in place of the whole prompt', () => {
    const result = planFork(parent(), {
      policy: 'deepseek-completed-turns',
      directive: 'What is the deploy password?',
      params: { persona: 'Be brief.' },
      runtimeVersion: 'code-read',
    });
    expect(result.child!.firstPrompt.message.content).toEqual([{ type: 'text', text: 'What is the deploy password?' }]);
    expect(result.child!.systemInstruction).toBe('Be brief.');
  });

  it('puts a persona in place of the deployment’s persona section, and nothing else', () => {
    expect(plan({ persona: 'You are the persona child.' }).child!.systemInstruction).toBe(
      SYSTEM.replace('You are a coding agent powered by the deepseek-v4-flash model. Your working directory is /work.', 'You are the persona child.'),
    );
    expect(withPersona('A prompt the harness did not render.', 'Be brief.')).toBe('Be brief.');
  });

  it('narrows the tools to the filter, and drops the prompt section of a tool the child may not run', () => {
    const result = plan({ toolFilter: ['read', 'grep', 'glob'] });
    expect(result.child!.tools.map((entry) => entry.name)).toEqual(['glob', 'grep', 'read']);
    expect(result.child!.systemInstruction).toBe(SYSTEM.split('\n\n').slice(0, 3).join('\n\n'));
    expect(withoutToolSections(SYSTEM, ['bash'])).toBe(SYSTEM);
  });

  it('lists structured_output among the tools by name', () => {
    const result = plan({ outputSchema: { type: 'object', properties: { password: { type: 'string' } } } });
    expect(result.child!.tools.map((entry) => entry.name)).toEqual(['bash', 'glob', 'grep', 'read', 'structured_output', 'subagent', 'subagent_fork', 'write']);
  });

  it('gives a child its parent’s runtime context as a delegated one, and one of a child again as the same', () => {
    const messages = parent().messages;
    expect(childRuntimeContext(messages, messages.length)).toBe(CHILD_SNAPSHOT);
    expect(childRuntimeContext([user('x', CHILD_SNAPSHOT)], 1)).toBe(CHILD_SNAPSHOT);
    expect(childRuntimeContext([user('x', 'Hello.')], 1)).toBeNull();
  });

  it('announces itself in its LLM client’s user agent, prerelease and all', () => {
    expect(deepSeekAnnouncedRelease({ 'user-agent': 'deepseek-harness/0.1.0-rc.8 (+https://github.com/deepseek-ai/deepseek-harness)' })).toBe('0.1.0-rc.8');
    expect(deepSeekAnnouncedRelease({ 'user-agent': 'OpenAI/JS 6.1.0' })).toBeNull();
  });
});
