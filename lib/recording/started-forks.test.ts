import { describe, expect, it } from 'vitest';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import { type ParentTranscript, planFork } from '@/lib/fork';
import { answeredRequest } from './answered-request';
import { type CapturedConversation, readCapture } from './captured-conversation';
import { checkStartedForks } from './started-forks';

const TASK = 'What is the deploy password?';
const SCHEMA = { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] };
const HARNESS = { 'user-agent': 'deepseek-harness/0.1.0-rc.8' };
const CONTEXT = 'Current runtime context. This snapshot supersedes earlier runtime-context snapshots.\n\nCurrent DSH file policy: workspace-write.';

/** A harness session two turns in, as its second turn's request carried it, and the answer that ended that turn. */
const PARENT = JSON.stringify({
  model: 'deepseek-v4-flash',
  messages: [
    { role: 'system', content: 'You are an AI agent powered by DeepSeek Harness.' },
    { role: 'user', content: 'The deploy password is heron-7731.' },
    { role: 'user', content: CONTEXT },
    { role: 'assistant', content: 'Noted.' },
    { role: 'user', content: 'The staging host is sparrow-2.' },
  ],
  tools: [
    { type: 'function', function: { name: 'read', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } } },
  ],
});
const ANSWER = JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Noted.' } }] });

async function read(id: number, body: string): Promise<CapturedConversation> {
  const conversation = await readCapture(id, 'openai-chat', body, HARNESS);
  if (conversation === null) throw new Error(`request ${id} does not read`);
  return conversation;
}

/** The child a harness that forks by Fork Lab's rules sends, started on `parent` once it is idle. */
async function childOf(id: number, parent: ParentTranscript): Promise<CapturedConversation> {
  const plan = planFork(parent, { policy: 'deepseek-completed-turns', directive: TASK, params: { outputSchema: SCHEMA }, runtimeVersion: '0.1' });
  if (plan.child === null) throw new Error(plan.errors.map((error) => error.message).join(' '));
  return read(id, JSON.stringify(toOpenAiChatRequest(plan.child)));
}

async function traffic() {
  const parent = await read(1, PARENT);
  const answered = await read(1, answeredRequest('openai-chat', PARENT, ANSWER)!);
  // The transcript records no turn ends: the program forks an idle parent, whose last answer ended its turn.
  const idle = {
    ...answered.transcript,
    messages: answered.transcript.messages.map((entry, at, all) =>
      at === all.length - 1 ? { ...entry, meta: { ...entry.meta, turnEnd: 'completed' as const } } : entry,
    ),
  };
  return { parent, answered, idle };
}

describe('forks a program started between turns', () => {
  it('finds the child by its task and plans it on the parent with the answer that ended its turn', async () => {
    const { parent, answered, idle } = await traffic();
    const child = await childOf(2, idle);
    const findings = await checkStartedForks([parent, child], [TASK], { answered: [answered], settings: { params: { outputSchema: SCHEMA } } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      parentId: 1,
      childId: 2,
      toolCallId: '',
      startedBy: 'program',
      fromAnswer: true,
      runtime: 'deepseek-completed-turns',
      announced: { release: '0.1.0-rc.8', runtimeVersion: '0.1' },
      verdict: 'matches',
      sharedPrefixMessages: 5,
    });
  });

  it('flags a child that left out the turn that had ended, at the first message it lacks', async () => {
    const { parent, answered } = await traffic();
    // Planned on the request alone, the second turn is in flight: the child keeps only the first.
    const child = await childOf(2, parent.transcript);
    const findings = await checkStartedForks([parent, child], [TASK], { answered: [answered], settings: { params: { outputSchema: SCHEMA } } });
    expect(findings).toMatchObject([
      {
        parentId: 1,
        fromAnswer: true,
        verdict: 'differs',
        difference: { at: 'messages[3].content', expected: 'The staging host is sparrow-2.', actual: TASK },
      },
    ]);
  });

  it('flags a child planned without the schema the check was told of, at its tools', async () => {
    const { parent, answered, idle } = await traffic();
    const child = await childOf(2, idle);
    const findings = await checkStartedForks([parent, child], [TASK], { answered: [answered] });
    expect(findings).toMatchObject([{ verdict: 'differs', difference: { at: 'system' } }]);
  });

  it('finds nothing for a task no request carries, or traffic that names no runtime when none is named', async () => {
    const { parent, answered, idle } = await traffic();
    const child = await childOf(2, idle);
    expect(await checkStartedForks([parent, child], ['Say what notes.txt holds'], { answered: [answered] })).toEqual([]);
    const unnamed = [parent, child].map(({ headers: _, ...conversation }) => conversation);
    const answeredUnnamed = { ...answered, headers: {} };
    expect(await checkStartedForks(unnamed, [TASK], { answered: [answeredUnnamed] })).toEqual([]);
    const named = await checkStartedForks(unnamed, [TASK], {
      answered: [answeredUnnamed],
      runtime: 'deepseek-completed-turns',
      settings: { params: { outputSchema: SCHEMA } },
    });
    expect(named).toMatchObject([{ verdict: 'matches', announced: null }]);
  });
});
