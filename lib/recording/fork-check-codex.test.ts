import { describe, expect, it } from 'vitest';
import { MULTI_AGENT_MODE, ROOT_USAGE_HINT_0169, SPAWNED_CHILD_NOTICE, SUBAGENT_USAGE_HINT_0169 } from '@/lib/fork/codex/shipped-messages';
import { readCapture } from './captured-conversation';
import { checkForks } from './fork-check';

/*
 * Codex 0.169's own traffic shape, written small: two sibling spawns in one response, each child
 * inheriting both calls. The first child's request holds the second call too, before its own
 * task: it is that child's copy, and must not be judged as a parent of the second child.
 */

const HEADERS = { 'user-agent': 'codex_exec/0.169.0 (Debian 12.0.0; x86_64) dumb (codex_exec; 0.169.0)' };
const developer = (text: string) => ({ type: 'message', role: 'developer', content: [{ type: 'input_text', text }] });
const userItem = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const spawn = (id: string, name: string, message: string) => ({
  type: 'function_call',
  id: `fc_${id}`,
  name: 'spawn_agent',
  namespace: 'collaboration',
  arguments: JSON.stringify({ task_name: name, fork_turns: 'all', message }),
  call_id: id,
});
const output = (id: string, text: string) => ({ type: 'function_call_output', call_id: id, output: text });
const task = (name: string, payload: string) => ({
  type: 'agent_message',
  author: '/root',
  recipient: `/root/${name}`,
  content: [
    { type: 'input_text', text: `Message Type: NEW_TASK\nTask name: /root/${name}\nSender: /root\nPayload:\n` },
    { type: 'encrypted_content', encrypted_content: payload },
  ],
});

const EXEC = { type: 'function', name: 'exec_command', description: 'Run a command.', strict: false, parameters: { type: 'object', properties: {} } };
const COLLABORATION = {
  type: 'namespace',
  name: 'collaboration',
  description: 'Tools for spawning and managing sub-agents.',
  tools: [{ type: 'function', name: 'spawn_agent', description: 'Spawns an agent.', strict: false, parameters: { type: 'object', properties: {} } }],
};
const START = [developer('You are Codex.'), developer(ROOT_USAGE_HINT_0169), developer(MULTI_AGENT_MODE), userItem('Fork two workers.')];
const CALLS = [spawn('s0', 'first', 'Say what notes.txt holds'), spawn('s1', 'second', 'When does the train leave?')];
const CHILD_TAIL = [developer(SPAWNED_CHILD_NOTICE), developer(SUBAGENT_USAGE_HINT_0169), developer(MULTI_AGENT_MODE)];

const body = (input: unknown[], tools: unknown[]) => JSON.stringify({ model: 'gpt-5.5', input, tools, stream: true });

const TRAFFIC = [
  body(START, [EXEC, COLLABORATION]),
  body([...START, CALLS[0], output('s0', 'aborted'), CALLS[1], output('s1', 'aborted'), ...CHILD_TAIL, task('first', 'Say what notes.txt holds')], [EXEC]),
  body([...START, ...CALLS, output('s0', '{"task_name":"/root/first"}'), output('s1', '{"task_name":"/root/second"}')], [EXEC, COLLABORATION]),
  body(
    [...START, ...CALLS, output('s1', 'aborted'), output('s0', '{"task_name":"/root/first"}'), ...CHILD_TAIL, task('second', 'When does the train leave?')],
    [EXEC],
  ),
];

async function traffic(bodies: readonly string[]) {
  const read = await Promise.all(bodies.map((text, index) => readCapture(index + 1, 'openai-responses', text, HEADERS)));
  return read.filter((conversation) => conversation !== null);
}

describe('checking Codex 0.169 traffic', () => {
  it('reads each sibling child by 0.169’s rules, the one its user agent announces, and finds both as planned', async () => {
    const findings = await checkForks(await traffic(TRAFFIC));
    expect(
      findings.map(({ parentId, childId, toolCallId, verdict, difference, announced }) => ({ parentId, childId, toolCallId, verdict, difference, announced })),
    ).toEqual([
      { parentId: 3, childId: 2, toolCallId: 's0', verdict: 'matches', difference: null, announced: { release: '0.169.0', runtimeVersion: '0.169' } },
      { parentId: 3, childId: 4, toolCallId: 's1', verdict: 'matches', difference: null, announced: { release: '0.169.0', runtimeVersion: '0.169' } },
    ]);
  });

  it('never reads a child as a parent, when the second child is sent before the parent records its calls', async () => {
    // The second child inherits the first's call before its own task: that copy is no call of its own.
    const findings = await checkForks(await traffic([TRAFFIC[0]!, TRAFFIC[1]!, TRAFFIC[3]!, TRAFFIC[2]!]));
    expect(findings.map(({ parentId, childId, verdict }) => ({ parentId, childId, verdict }))).toEqual([
      { parentId: 4, childId: 2, verdict: 'matches' },
      { parentId: 4, childId: 3, verdict: 'matches' },
    ]);
  });

  it('says where a child that missed the sibling’s output differs', async () => {
    const wrong = TRAFFIC.with(3, body([...START, ...CALLS, output('s1', 'aborted'), ...CHILD_TAIL, task('second', 'When does the train leave?')], [EXEC]));
    const findings = await checkForks(await traffic(wrong));
    expect(findings[1]).toMatchObject({ childId: 4, verdict: 'differs', difference: { at: 'messages[2].content[1]' } });
  });

  it('reads the same traffic by the codex-rs rules when asked, and then it differs', async () => {
    const findings = await checkForks(await traffic(TRAFFIC), { runtime: 'codex-spawn-agent', runtimeVersion: 'codex-rs' });
    expect(findings.map(({ verdict }) => verdict)).toEqual(['differs', 'differs']);
  });
});
