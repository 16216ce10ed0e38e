import { describe, expect, it } from 'vitest';
import { OPEN_CALL_RESULT } from '@/lib/fork/kimi/close-open-tool-calls';
import { INHERITANCE_NOTICE_REMINDER } from '@/lib/fork/kimi/inheritance-notice';
import { KIMI_AGENT_DESCRIPTION, KIMI_AGENT_PARAMETERS } from '@/lib/fork/kimi/kimi-agent-declaration';
import { AUTO_MODE_REMINDER } from '@/lib/fork/kimi/permission-mode-reminder';
import { readCapture } from './captured-conversation';
import { checkForks } from './fork-check';

/*
 * Kimi Code 2.1.0's traffic for two sibling forks of one message, written small. Kimi snapshots its
 * parent when each fork's handler runs, so the second child may already hold the first's result:
 * seen in a real run, where the first child ended in 84 ms, before the second was spawned.
 */

const HEADERS = { 'user-agent': 'kimi-code-cli/2.1.0' };
const AGENT = { type: 'function', function: { name: 'Agent', description: KIMI_AGENT_DESCRIPTION, parameters: KIMI_AGENT_PARAMETERS } };
const system = { role: 'system', content: 'You are Kimi Code CLI.' };
const user = (content: string) => ({ role: 'user', content });
const START = [system, user('Fork two workers.'), user(AUTO_MODE_REMINDER)];
const agentCall = (id: string, description: string, prompt: string) => ({
  id,
  type: 'function',
  function: { name: 'Agent', arguments: JSON.stringify({ fork: true, description, prompt }) },
});
const CALLS = {
  role: 'assistant',
  content: '',
  tool_calls: [agentCall('c0', 'First', 'Say what notes.txt holds'), agentCall('c1', 'Second', 'When does the train leave?')],
};
const result = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, content });
const FIRST_RESULT = 'Wall time: 0.084 seconds\nagent_id: agent-0\nstatus: completed\n\n[summary]\nnotes.txt holds one line.';
const SECOND_RESULT = 'Wall time: 0.130 seconds\nagent_id: agent-1\nstatus: completed\n\n[summary]\nNothing says.';
const childTail = (prompt: string) => [user(INHERITANCE_NOTICE_REMINDER), user(prompt), user(AUTO_MODE_REMINDER)];

const body = (messages: unknown[]) => JSON.stringify({ model: 'kimi-k2', messages, tools: [AGENT], stream: true });

const raced = (firstSeenBySecond: string) => [
  body(START),
  body([...START, CALLS, result('c0', OPEN_CALL_RESULT), result('c1', OPEN_CALL_RESULT), ...childTail('Say what notes.txt holds')]),
  body([...START, CALLS, result('c0', firstSeenBySecond), result('c1', OPEN_CALL_RESULT), ...childTail('When does the train leave?')]),
  body([...START, CALLS, result('c0', FIRST_RESULT), result('c1', SECOND_RESULT)]),
];

async function traffic(bodies: readonly string[]) {
  const read = await Promise.all(bodies.map((text, index) => readCapture(index + 1, 'openai-chat', text, HEADERS)));
  return read.filter((conversation) => conversation !== null);
}

describe('checking Kimi Code 2.1 sibling forks', () => {
  it('finds a sibling that saw the first one’s result as planned, since the parent recorded that result word for word', async () => {
    const findings = await checkForks(await traffic(raced(FIRST_RESULT)));
    expect(findings.map(({ parentId, childId, toolCallId, verdict, difference }) => ({ parentId, childId, toolCallId, verdict, difference }))).toEqual([
      { parentId: 4, childId: 2, toolCallId: 'c0', verdict: 'matches', difference: null },
      { parentId: 4, childId: 3, toolCallId: 'c1', verdict: 'matches', difference: null },
    ]);
  });

  it('says where a sibling differs when what it holds for the first call is nothing the parent recorded', async () => {
    const findings = await checkForks(await traffic(raced('agent-0 finished.')));
    expect(findings[1]).toMatchObject({ childId: 3, toolCallId: 'c1', verdict: 'differs', difference: { at: 'messages[3].content[0].output.value' } });
  });
});
