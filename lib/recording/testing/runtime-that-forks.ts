import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, type LanguageModel, type ModelMessage, type ToolSet, tool } from 'ai';
import { type ForkPolicy, type ForkRequest, type ParentTranscript, planForkFamily, runtimeOf, type ToolDeclaration } from '@/lib/fork';
import type { ModelApi } from '../model-api';
import { pointedAtForkLab } from './pointed-at-fork-lab';

const HISTORY: ModelMessage[] = [
  { role: 'user', content: 'The deploy password is swordfish-42.' },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'Look at src/date.ts.' },
  { role: 'assistant', content: 'It parses dates.' },
];

function sdkTools(declarations: readonly ToolDeclaration[]): ToolSet {
  return Object.fromEntries(
    declarations.map((declaration) => [
      declaration.name,
      tool({ description: declaration.description ?? '', inputSchema: jsonSchema(declaration.inputSchema ?? { type: 'object', properties: {} }) }),
    ]),
  );
}

/** How a scripted runtime departs from forking by the rules. */
export interface RuntimeQuirks {
  /** Changes what the runtime plans: a wrong request. */
  mistake?: (request: ForkRequest) => ForkRequest;
  /** Changes what it sends of the plan. */
  sendWrongly?: (messages: ModelMessage[]) => ModelMessage[];
  /** The parent sends nothing more (it waits on the child, as a synchronous Agent tool does). */
  parentWaits?: boolean;
  /** The child goes on after its first request: one more request, with the model's answer and a new prompt. */
  childGoesOn?: boolean;
  /** The model API the runtime speaks (Chat Completions unless said). */
  api?: ModelApi;
  /** How many `<task-notification>` messages naming the call the parent's next request carries (Qwen Code and Claude Code deliver a fork's result so). */
  notifications?: number;
}

type ProviderOptions = Parameters<typeof generateText>[0]['providerOptions'];

/** The AI SDK model of each API, pointed at Fork Lab; Responses without `store`, as a proxy needs. */
function modelOf(api: ModelApi, fetch: typeof globalThis.fetch, baseUrl?: string): { model: LanguageModel; providerOptions?: ProviderOptions } {
  // The AI SDK's Anthropic base URL ends in /v1, as Anthropic's own SDKs add it.
  const baseURL = baseUrl === undefined ? 'http://127.0.0.1:3000/v1' : api === 'anthropic-messages' ? `${baseUrl}/v1` : baseUrl;
  if (api === 'anthropic-messages') return { model: createAnthropic({ baseURL, apiKey: 'sk-ant-none', fetch })('claude-sonnet-4-5') };
  const openai = createOpenAI({ baseURL, apiKey: 'sk-none', fetch });
  if (api === 'openai-responses') return { model: openai.responses('gpt-5'), providerOptions: { openai: { store: false } } };
  return { model: openai.chat('gpt-5') };
}

/**
 * A small runtime pointed at Fork Lab: its parent asks the model, the model calls the Agent tool,
 * and the runtime forks a child by `policy`'s rules (the engine plans it, as the runtime's own code
 * would), sends the child's first request, and answers the call.
 */
export async function runtimeThatForks(policy: ForkPolicy, ask: string, quirks: RuntimeQuirks = {}) {
  const { store, fetch } = pointedAtForkLab();
  await forkAndGoOn(policy, ask, quirks, fetch);
  return store;
}

/** The same runtime given a Fork Lab base URL over HTTP (a capture session's, as `baseUrl(api)` gives it). */
export async function runtimeThatForksAt(baseUrl: string, policy: ForkPolicy, ask: string, quirks: RuntimeQuirks = {}): Promise<void> {
  await forkAndGoOn(policy, ask, quirks, globalThis.fetch, baseUrl);
}

async function forkAndGoOn(
  policy: ForkPolicy,
  ask: string,
  { mistake, sendWrongly = (messages) => messages, parentWaits = false, childGoesOn = false, api = 'openai-chat', notifications = 0 }: RuntimeQuirks,
  fetch: typeof globalThis.fetch,
  baseUrl?: string,
): Promise<void> {
  const { model, providerOptions } = modelOf(api, fetch, baseUrl);
  const declaration = runtimeOf(policy).agentTool.declaration;
  const system = 'You are a coding agent.';
  const asked: ModelMessage[] = [...HISTORY, { role: 'user', content: ask }];
  const parentTurn = await generateText({ model, providerOptions, system, messages: asked, tools: sdkTools([declaration]) });
  const call = parentTurn.toolCalls[0]!;
  const withCall: ModelMessage[] = [
    ...asked,
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input }] },
  ];
  const parent: ParentTranscript = {
    profile: { agentId: 'main', name: 'agent', systemInstruction: system, tools: [declaration], model: 'gpt-5', depth: 0 },
    messages: withCall.map((message, index) => ({ id: `m${index}`, message: message as never })),
  };
  const request = runtimeOf(policy).agentTool.requestFromCall(call.input as Record<string, unknown>, {}) as ForkRequest;
  // A call that starts a family (Kimi's AgentSwarm) sends every member's first request, in launch order.
  for (const plan of planForkFamily(parent, mistake ? mistake(request) : request)) {
    const child = plan.child!;
    const childMessages = sendWrongly([...child.initialMessages, child.firstPrompt].map((message) => message.message as ModelMessage));
    const childTurn = await generateText({ model, providerOptions, system: child.systemInstruction, messages: childMessages, tools: sdkTools(child.tools) });
    if (childGoesOn) {
      const goOn: ModelMessage[] = [...childMessages, ...childTurn.response.messages, { role: 'user', content: 'Go on.' }];
      await generateText({ model, providerOptions, system: child.systemInstruction, messages: goOn, tools: sdkTools(child.tools) });
    }
  }
  if (parentWaits) return;
  // The parent goes on: its call answered, as the runtime answers it.
  await generateText({
    model,
    providerOptions,
    system,
    messages: [
      ...withCall,
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: { type: 'text', value: 'Fork started.' } }],
      },
      ...Array.from({ length: notifications }, () => ({
        role: 'user' as const,
        content: `<task-notification>\n<tool-use-id>${call.toolCallId}</tool-use-id>\n<status>completed</status>\n<result>The password is swordfish-42.</result>\n</task-notification>`,
      })),
    ],
    tools: sdkTools([declaration]),
  });
}
