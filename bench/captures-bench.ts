/**
 * `npm run bench` (captures): what checking the forks in captured traffic costs. The traffic is a
 * parent session of n messages that forked ten times by Kimi Code's rules, each child's first
 * request as the rules plan it. The check finds each child among all requests, plans it, writes it
 * out and reads it back, diffs it and sources it. The baseline, in the same run, is reading the
 * same eleven requests with the importer, which the listing does before it checks. Targets: the
 * check at most 3× the read, and twice the traffic at most 2.5× the time (linear in the traffic).
 */
import { performance } from 'node:perf_hooks';
import { toOpenAiChatRequest } from '../lib/export/openai-chat-request';
import { type ForkRequest, type ModelMessage, type ParentTranscript, planFork, type TranscriptMessage } from '../lib/fork';
import { type CapturedConversation, readCapture } from '../lib/recording/captured-conversation';
import { checkForks } from '../lib/recording/fork-check';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';
import { gc, median } from './bench-timing';

const FORKS = 10;

/** The parent's last request (ten Agent calls in it, each answered) and each child's first request. */
function traffic(size: number): { conversations: CapturedConversation[]; read: () => Promise<unknown> } {
  const base = syntheticParent(size);
  const messages: TranscriptMessage[] = [];
  const children: { at: number; request: ForkRequest }[] = [];
  const stride = Math.floor(base.messages.length / (FORKS + 1));
  let due = 0;
  base.messages.forEach((entry, index) => {
    messages.push(entry);
    if ((index + 1) % stride === 0) due += 1;
    // A call follows a user or tool message: the first one at or after each tenth of the parent.
    if (due <= children.length || children.length === FORKS || entry.message.role === 'assistant') return;
    const id = `fork-${children.length}`;
    const prompt = `Task ${children.length}: check the routes.`;
    messages.push({
      id: `${id}-call`,
      message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'agent', input: { fork: true, prompt } }] },
    });
    children.push({ at: messages.length, request: { policy: 'kimi-fork', directive: prompt, params: { description: 'Fork', fork: true } } as ForkRequest });
    messages.push({
      id: `${id}-result`,
      message: {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: id, toolName: 'agent', output: { type: 'text', value: 'Started.' } }],
      } as ModelMessage,
    });
  });
  if (children.length !== FORKS) throw new Error(`the traffic has ${children.length} calls, not ${FORKS}`);
  const parent: ParentTranscript = { ...base, messages };
  const childRequests = children.map(({ at, request }) => planFork({ ...parent, messages: messages.slice(0, at) }, request).child!);
  const conversations: CapturedConversation[] = childRequests.map((child, index) => ({
    id: index + 1,
    api: 'openai-chat',
    transcript: {
      profile: { ...parent.profile, systemInstruction: child.systemInstruction, tools: child.tools },
      messages: [...child.initialMessages, child.firstPrompt].map((entry, at) => ({ id: `c${index}-${at}`, message: entry.message })),
    },
  }));
  conversations.push({ id: FORKS + 1, api: 'openai-chat', transcript: parent });
  const bodies = [
    ...childRequests.map((child) => toOpenAiChatRequest(child)),
    toOpenAiChatRequest({
      ...childRequests[0]!,
      initialMessages: messages.map((entry) => ({ message: entry.message, source: { kind: 'copy', parentIndexes: [0], parentIds: [] } })),
      firstPrompt: childRequests[0]!.firstPrompt,
    }),
  ].map((body) => JSON.stringify(body));
  return {
    conversations,
    read: () => Promise.all(bodies.map((body, index) => readCapture(index + 1, 'openai-chat', body))),
  };
}

async function timeAsync(fn: () => Promise<unknown>, runs: number): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    gc();
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function timeCheck(conversations: CapturedConversation[], runs: number): Promise<number> {
  await checkForks(conversations);
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    gc();
    // Fresh objects each run: the check keeps per-conversation keys, which must not carry over.
    const fresh = conversations.map((conversation) => ({ ...conversation }));
    const start = performance.now();
    const findings = await checkForks(fresh);
    samples.push(performance.now() - start);
    if (findings.length !== FORKS) throw new Error(`expected ${FORKS} forks, found ${findings.length}`);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const small = traffic(2_000);
  const large = traffic(4_000);
  const readSmall = await timeAsync(small.read, 5);
  const checkSmall = await timeCheck(small.conversations, 5);
  const checkLarge = await timeCheck(large.conversations, 5);
  console.log('captures: checking ten forks in captured traffic vs reading the captures');
  console.log(`read 2k ${readSmall.toFixed(1)} ms · check 2k ${checkSmall.toFixed(1)} ms · check 4k ${checkLarge.toFixed(1)} ms`);
  const results = [
    { label: 'check / read at 2k', ratio: checkSmall / readSmall, target: 3 },
    { label: 'check 4k / check 2k', ratio: checkLarge / checkSmall, target: 2.5 },
  ];
  for (const { label, ratio, target } of results) {
    const ok = ratio <= target;
    console.log(`${ok ? 'ok  ' : 'MISS'}  ${label}: ${ratio.toFixed(3)} (target ≤ ${target})`);
    if (!ok) process.exitCode = 1;
  }
}

void main();
