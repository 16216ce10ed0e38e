import { describe, expect, it } from 'vitest';
import type { ModelMessage, ParentTranscript } from '@/lib/fork';
import type { CapturedConversation } from './captured-conversation';
import { capturedForkBundle } from './captured-fork';
import { sourcedMessages } from './captured-sources';
import type { ForkFinding } from './fork-finding';

const SYSTEM = 'You are a coding agent.';
const call: ModelMessage = {
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'agent', input: { description: 'Bug', fork: true, prompt: 'Find the bug.' } }],
};
const history: ModelMessage[] = [
  { role: 'user', content: 'Fix the date parser.' },
  { role: 'assistant', content: 'Looking.' },
  { role: 'user', content: 'Fork it.' },
  call,
];
const childFirst: ModelMessage[] = [...history, { role: 'user', content: 'Find the bug.' }];
const childGoesOn: ModelMessage[] = [
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'read', input: { path: 'src/date.ts' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'read', output: { type: 'text', value: 'export …' } }] },
];

function conversation(id: number, messages: ModelMessage[], system = SYSTEM): CapturedConversation {
  const transcript: ParentTranscript = {
    profile: { agentId: 'main', name: 'agent', systemInstruction: system, tools: [], model: 'gpt-5', depth: 0 },
    // Each capture is read from its own body: no message object is shared between them.
    messages: structuredClone(messages).map((message, index) => ({ id: `c${id}-${index}`, message })),
  };
  return { id, api: 'openai-chat', transcript };
}

// Read by the rules of the code read in August, which frame the task with the notice.
const finding: ForkFinding = {
  announced: { release: 'named', runtimeVersion: 'code-read' },
  parentId: 1,
  childId: 2,
  toolCallId: 'c1',
  toolName: 'agent',
  callIndex: 3,
  fromAnswer: false,
  runtime: 'kimi-fork',
  guessed: false,
  guessedFrom: null,
  verdict: 'differs',
  difference: null,
  expectedMessages: 7,
  actualMessages: 5,
  sharedPrefixMessages: 4,
  items: [],
};

describe('capturedForkBundle', () => {
  const conversations = [
    conversation(1, [...history.slice(0, 3)]),
    conversation(2, childFirst),
    conversation(3, [
      ...history,
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'agent', output: { type: 'text', value: 'Started.' } }] },
    ]),
    conversation(4, [...childFirst, ...childGoesOn]),
    // Another agent that happens to begin the same way, under another system instruction: not the child.
    conversation(
      5,
      [...childFirst, { role: 'assistant', content: 'Someone else.' }, { role: 'user', content: 'More.' }, { role: 'assistant', content: 'Yes.' }],
      'Another agent.',
    ),
  ];
  // The call is first recorded in the parent's next request (#3): that is the parent.
  const bundle = capturedForkBundle({ ...finding, parentId: 3 }, conversations)!;

  it('opens the parent up to its call, and the child with what it received and what it did next', () => {
    expect(bundle.parent.messages.map((entry) => entry.message)).toEqual(history);
    expect(bundle.request).toMatchObject({ policy: 'kimi-fork', directive: 'Find the bug.' });
    const child = bundle.children[0]!;
    expect([...child.plan.child!.initialMessages, child.plan.child!.firstPrompt].map((entry) => entry.message)).toEqual(childFirst);
    expect(child.ownMessages.map((entry) => entry.message)).toEqual(childGoesOn);
    // Copies of the parent, then a prompt Kimi's rules do not write (they write a notice with the task).
    expect(
      [...child.plan.child!.initialMessages, child.plan.child!.firstPrompt].map(({ source }) =>
        source.kind === 'copy' ? source.parentIndexes[0] : source.rule,
      ),
    ).toEqual([0, 1, 2, 3, 'captured-not-in-the-rules']);
  });

  it('shares no object with the listing it was made from', () => {
    const parentMessage = bundle.parent.messages[0]!.message as { content: string };
    parentMessage.content = 'changed';
    (bundle.children[0]!.ownMessages[0]!.message as { content: unknown }).content = 'changed';
    (bundle.children[0]!.plan.child!.firstPrompt.message as { content: unknown }).content = 'changed';
    expect(conversations[2]!.transcript.messages[0]!.message.content).toBe('Fix the date parser.');
    expect(conversations[3]!.transcript.messages[5]!.message).toEqual(childGoesOn[0]);
    expect(conversations[1]!.transcript.messages[4]!.message.content).toBe('Find the bug.');
  });

  it('is null when the requests have left the listing', () => {
    expect(capturedForkBundle({ ...finding, parentId: 3, childId: 9 }, conversations)).toBeNull();
    expect(capturedForkBundle({ ...finding, parentId: 3, toolCallId: 'nope' }, conversations)).toBeNull();
    expect(capturedForkBundle({ ...finding, parentId: 3, callIndex: 2 }, conversations)).toBeNull();
    expect(capturedForkBundle({ ...finding, parentId: 3, fromAnswer: true }, conversations)).toBeNull();
  });
});

describe('sourcedMessages', () => {
  it('takes a message said twice for the copy in order', () => {
    const said = (id: string, content: string) => ({ id, message: { role: 'user' as const, content } });
    const parent = [said('p0', 'Continue.'), said('p1', 'Fix it.'), said('p2', 'Continue.')];
    const sources = sourcedMessages([said('c0', 'Fix it.'), said('c1', 'Continue.')], parent, []).map(({ source }) => source);
    expect(sources).toEqual([
      { kind: 'copy', parentIndexes: [1], parentIds: ['p1'] },
      { kind: 'copy', parentIndexes: [2], parentIds: ['p2'] },
    ]);
  });
});
