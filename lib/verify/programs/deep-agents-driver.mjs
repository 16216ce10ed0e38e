#!/usr/bin/env node
// Fork Lab's driver for LangChain Deep Agents, which is a library, not a command: it builds a deep
// agent on the shipped `deepagents` package with a fork subagent, points its model at a Fork Lab
// recording endpoint, and runs a scenario's turns on one thread. `fork-lab verify` copies it into
// the runtime's cache folder, so every import below resolves to the versions installed there.
//
//   node deep-agents-driver.mjs --version
//   FORK_LAB_ORIGIN=http://127.0.0.1:<port> node deep-agents-driver.mjs '["turn 1", "turn 2"]'
//
// FORK_LAB_SUBAGENTS (JSON) lists the subagents, each `{ name, description, mode?, systemPrompt?,
// compiled? }` (`compiled: true` makes it a CompiledSubAgent whose runnable is a plain agent with
// `systemPrompt` as its own); by default one declarative `forker` with `mode: "fork"`.
import { readFileSync } from 'node:fs';
import { MemorySaver } from '@langchain/langgraph';
import { ChatOpenAI } from '@langchain/openai';
import { createDeepAgent, FilesystemBackend } from 'deepagents';
import { createAgent } from 'langchain';

const VERSION = JSON.parse(readFileSync(new URL('./node_modules/deepagents/package.json', import.meta.url), 'utf8')).version;

if (process.argv[2] === '--version') {
  console.log(`deepagents ${VERSION}`);
  process.exit(0);
}

const ORIGIN = process.env.FORK_LAB_ORIGIN;
if (!ORIGIN) throw new Error('FORK_LAB_ORIGIN must name the recording endpoint');
const turns = JSON.parse(process.argv[2] ?? '[]');
const DEFAULT_SUBAGENTS = [{ name: 'forker', description: 'Continues this conversation as a fork.', mode: 'fork' }];
const specs = JSON.parse(process.env.FORK_LAB_SUBAGENTS ?? 'null') ?? DEFAULT_SUBAGENTS;

// Nothing on the wire names Deep Agents (the OpenAI SDK sends its own user agent): the driver
// announces the library and its release in a header of Fork Lab's, which the fork check reads.
const model = new ChatOpenAI({
  model: 'fork-lab-offline',
  apiKey: 'sk-none',
  maxRetries: 0,
  configuration: { baseURL: `${ORIGIN}/v1`, defaultHeaders: { 'x-fork-lab-runtime': `deepagents/${VERSION}` } },
});

const subagents = specs.map(({ compiled, systemPrompt, ...spec }) =>
  compiled
    ? { ...spec, runnable: createAgent({ model, tools: [], systemPrompt: systemPrompt ?? '' }) }
    : { ...spec, ...(systemPrompt ? { systemPrompt } : {}) },
);
const agent = createDeepAgent({
  model,
  systemPrompt: 'You are the Fork Lab parent agent.',
  subagents,
  backend: new FilesystemBackend({ rootDir: process.cwd(), virtualMode: true }),
  checkpointer: new MemorySaver(),
});

const config = { configurable: { thread_id: 'fork-lab-verify' } };
for (const prompt of turns) {
  const result = await agent.invoke({ messages: [{ role: 'user', content: prompt }] }, config);
  const last = result.messages.at(-1);
  console.log(`> ${prompt}\n${typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content)}`);
}
