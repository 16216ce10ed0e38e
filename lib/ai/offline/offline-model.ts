import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import { FORK_RUNTIMES } from '@/lib/fork';
import { countText } from '@/lib/tokens/count-tokens';
import { CountingPace } from '@/lib/tokens/counting-pace';
import { asksForSummary, conversationSummary } from './conversation-summary';
import { type ContextEntry, contentTerms, recall } from './lexical-recall';
import { type ObjectSchema, toolArguments } from './tool-arguments';

export const OFFLINE_MODEL_ID = 'fork-lab-offline';

export interface OfflineModelOptions {
  /** Pause between streamed words, so a run is watchable; 0 streams at once. */
  streamDelayMs?: number;
}

type PromptMessage = LanguageModelV3Prompt[number];

/** A part of any prompt message (a system message's content is a plain string). */
type PromptPart = Exclude<PromptMessage['content'], string>[number];

function partText(part: PromptPart): string {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return part.text;
    case 'tool-call':
      return `${part.toolName} ${JSON.stringify(part.input ?? null)}`;
    case 'tool-result': {
      const { output } = part;
      const value = output.type === 'text' || output.type === 'error-text' ? output.value : JSON.stringify('value' in output ? output.value : null);
      return `${part.toolName} returned ${value}`;
    }
    default:
      return '';
  }
}

function messageText(message: PromptMessage): string {
  if (typeof message.content === 'string') return message.content;
  const parts: readonly PromptPart[] = message.content;
  return parts.map(partText).filter(Boolean).join('\n');
}

const FRAMINGS = FORK_RUNTIMES.map((runtime) => runtime.framing);
/** Prompts that ask nothing new, only "go on with the directive" (Qwen's `Begin.`). */
const CARRY_ON = new Set(FRAMINGS.flatMap((framing) => (framing.carryOn === undefined ? [] : [framing.carryOn])));

/** What a user message asks once the harness's own wrapping (each runtime's framing, reminders) is removed. */
function askedIn(text: string): string {
  let asked = text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>\s*/g, '');
  for (const framing of FRAMINGS) asked = framing.strip(asked);
  return asked.trim();
}

function isHarnessText(text: string): boolean {
  return FRAMINGS.some((framing) => framing.marks(text));
}

/** Tools a runtime gives a child to answer through: a child that has one answers through it. */
const ANSWER_TOOLS = new Set(FRAMINGS.flatMap((framing) => (framing.answerTool === undefined ? [] : [framing.answerTool])));

const NOTIFICATIONS = FORK_RUNTIMES.flatMap(({ delivery, framing }) => [
  ...(delivery.kind === 'background-notification' ? [delivery.isNotification] : []),
  ...(framing.isNews === undefined ? [] : [framing.isNews]),
]);

/**
 * A background child's notification (Qwen's `<task-notification>`) arrives as a user turn, but it
 * is news, not an instruction: read as a question it made the model launch another agent each time
 * one finished, and a real runtime's session never ended.
 */
function isNotification(message: PromptMessage): boolean {
  return message.role === 'user' && NOTIFICATIONS.some((recognise) => recognise(messageText(message)));
}

/**
 * The question and the context it may be answered from. A bare "Begin." (a Qwen fork's first
 * prompt) asks what the fork's directive asked. The question's own message and the fork
 * boilerplate are never context: the model must not "find" the answer in the question.
 */
function questionAndContext(prompt: LanguageModelV3Prompt): { question: string; context: ContextEntry[]; questionAt: number } {
  let questionAt = -1;
  let question = '';
  for (let index = prompt.length - 1; index >= 0; index -= 1) {
    const text = messageText(prompt[index]!);
    // A runtime may hand the child its task in another role (Codex's inter-agent message is an
    // assistant message): its framing says so.
    if (prompt[index]!.role !== 'user' && !isHarnessText(text)) continue;
    if (isNotification(prompt[index]!)) continue;
    const asked = askedIn(text);
    if (asked !== '' && !CARRY_ON.has(asked)) {
      questionAt = index;
      question = asked;
      break;
    }
  }
  const context: ContextEntry[] = [];
  prompt.forEach((message, index) => {
    if (index === questionAt) return;
    // The question quoted elsewhere (the parent's own request to fork, say) is not an answer to it.
    const text = question === '' ? messageText(message) : messageText(message).split(question).join(' ');
    if (text.trim() === '' || isHarnessText(text) || CARRY_ON.has(text.trim())) return;
    context.push({ role: message.role, position: index + 1, text });
  });
  return { question, context, questionAt };
}

const TELLING = /^(the|a|an|my|our|your|its|it|this|that|these|those|we|i|there|here|he|she|they|fyi|note|btw)\b/i;

/**
 * A plain statement ("The password is heron-7731.") is taken note of, not searched for: questions
 * and requests ("What…?", "Write the tests…") are answered from the context.
 */
function isStatement(text: string): boolean {
  return !text.includes('?') && TELLING.test(text.trim());
}

/** The model's own earlier "nothing mentions it" is not a fact to quote back. */
export const NOTHING_FOUND_PREFIX = 'Nothing in my context mentions';

function clip(text: string, length = 280): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

function functionTools(options: LanguageModelV3CallOptions): { name: string; schema: ObjectSchema | undefined }[] {
  return (options.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [{ name: tool.name, schema: tool.inputSchema as ObjectSchema }] : []));
}

/** A call the question asks for: the tool, and the words its arguments are read from. */
interface AskedCall {
  name: string;
  schema: ObjectSchema | undefined;
  words: string;
}

/**
 * The question with its quoted text blanked out: a tool named inside a directive is no call. A
 * single-quoted value counts only after `key=` or `key:` (elsewhere a ' is an apostrophe).
 */
function unquoted(question: string): string {
  return question.replace(/"[^"]*"|“[^”]*”|(?<=[=:]\s*)'[^']*'/g, (quote) => ' '.repeat(quote.length));
}

const PARALLEL = /\b(in parallel|at once|together|in one (message|turn|step)|simultaneously)\b/i;

/** A tool named after a negation in its sentence ("Do NOT use Read, Bash…") is named not to be called. */
const NEGATED = /\b(not|never|no|don['’]t|without)\b[^.!?\n]*$/i;

/**
 * The calls the question asks for, in the order it names them. A tool named once is called once;
 * a tool the question calls again (`… and call agent with …`) once per `call <tool>`: that is how a
 * person asks for two sibling forks. Each call's arguments are read from its own words, up to the
 * next call.
 */
function askedCalls(question: string, options: LanguageModelV3CallOptions): AskedCall[] {
  const plain = unquoted(question);
  const found: { tool: { name: string; schema: ObjectSchema | undefined }; at: number }[] = [];
  for (const tool of functionTools(options)) {
    const pattern = new RegExp(`(^|[^\\w])${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[^\\w]|$)`, 'gi');
    const places = [...plain.matchAll(pattern)]
      .map((match) => match.index + match[1]!.length)
      .filter((at) => !NEGATED.test(plain.slice(Math.max(0, at - 60), at)));
    const called = places.filter((at) => /\bcall\s+$/i.test(plain.slice(Math.max(0, at - 8), at)));
    const calls = called.length > 1 ? called : places.slice(0, 1);
    for (const at of calls) found.push({ tool, at });
  }
  found.sort((a, b) => a.at - b.at);
  // Each call's arguments come from its own words (the first's from the start of the question): a
  // quoted command meant for one tool must not fill a free string argument of the next.
  return found.map(({ tool, at }, index) => ({
    ...tool,
    words:
      found.length === 1
        ? question
        : question.slice(index === 0 ? 0 : callStart(plain, at), index + 1 < found.length ? callStart(plain, found[index + 1]!.at) : question.length),
  }));
}

/** Where the words of a call named at `at` begin: at its `call`, when one stands just before it. */
function callStart(plain: string, at: number): number {
  const call = /\bcall\s+$/i.exec(plain.slice(Math.max(0, at - 8), at));
  return call === null ? at : Math.max(0, at - 8) + call.index;
}

/**
 * What the model says or does for a prompt. Pure and deterministic. Tools the question names are
 * called one per step, in the order named; once each has answered, the model reports every result.
 */
export function respond(options: LanguageModelV3CallOptions): { content: LanguageModelV3Content[]; finish: 'stop' | 'tool-calls' } {
  const prompt = options.prompt;
  const { question, context, questionAt } = questionAndContext(prompt);
  const after = prompt.slice(questionAt + 1);
  const callsMade = after.flatMap((message) => (message.role === 'assistant' ? message.content : [])).filter((part) => part.type === 'tool-call').length;
  // A compaction's request to summarise names tools only to forbid them ("Do NOT use Read, Bash…").
  if (questionAt >= 0 && asksForSummary(question)) return { content: [{ type: 'text', text: conversationSummary(context) }], finish: 'stop' };
  const asked = options.toolChoice?.type === 'none' ? [] : askedCalls(question, options);
  // One call a step, as a model reads each result before the next; all at once when asked to.
  const next = PARALLEL.test(unquoted(question)) ? asked.slice(callsMade) : asked.slice(callsMade, callsMade + 1);
  if (next.length > 0 && questionAt >= 0) {
    return {
      content: next.map((call, index) => ({
        type: 'tool-call',
        toolCallId: `call-${question.length}-${prompt.length}${next.length > 1 ? `-${index}` : ''}`,
        toolName: call.name,
        input: JSON.stringify(toolArguments(call.words, call.schema)),
      })),
      finish: 'tool-calls',
    };
  }
  const last = prompt.at(-1);
  if (last !== undefined && isNotification(last)) {
    return { content: [{ type: 'text', text: `A background agent reported back:\n${clip(messageText(last), 600)}` }], finish: 'stop' };
  }
  const answeredThrough = (part: { type: string; toolName?: string }) => part.type === 'tool-result' && ANSWER_TOOLS.has(part.toolName ?? '');
  if (last?.role === 'tool' && last.content.some(answeredThrough)) return { content: [{ type: 'text', text: 'Reported.' }], finish: 'stop' };
  const text =
    last?.role === 'tool'
      ? after
          .flatMap((message) => (message.role === 'tool' ? message.content : []))
          .filter((part) => part.type === 'tool-result')
          .map((part) => clip(partText(part), 600))
          .join('\n') || 'The tool returned nothing.'
      : answerText(question, context, prompt.length);
  const through = functionTools(options).find((tool) => ANSWER_TOOLS.has(tool.name));
  if (through === undefined || options.toolChoice?.type === 'none') return { content: [{ type: 'text', text }], finish: 'stop' };
  // A child told to answer through a tool does: every string its schema asks for holds the answer.
  const input = Object.fromEntries(
    Object.entries(through.schema?.properties ?? {}).flatMap(([key, property]) =>
      property.type === 'string' || property.type === undefined ? [[key, text]] : [],
    ),
  );
  return {
    content: [{ type: 'tool-call', toolCallId: `call-${question.length}-${prompt.length}`, toolName: through.name, input: JSON.stringify(input) }],
    finish: 'tool-calls',
  };
}

/**
 * The answer to a question from the context: what it recalls and where it stands, or that nothing
 * mentions it. Several questions at once (a directive that probes what a fork kept: "What is the
 * release tag? Who reported it?") are answered one a line, each on its own, so what the window
 * kept and what it lost stand side by side.
 */
function answerText(question: string, context: readonly ContextEntry[], total: number): string {
  if (question === '') return 'I was not asked anything.';
  if (isStatement(question)) return 'Noted.';
  const asked = questionsIn(question);
  if (asked.length < 2) return recalled(question, context, total);
  return asked.map((each) => `${each} ${recalled(each, context, total)}`).join('\n');
}

/** The questions a text asks, each a sentence that ends with a question mark. */
function questionsIn(text: string): string[] {
  return [...text.matchAll(/[^.!?:\n]*\?/g)].map((match) => match[0].trim()).filter((each) => contentTerms(each).length > 0);
}

/** A sentence that asks, whatever closing tags follow its question mark. */
const ASKS = /\?\s*(?:<\/[^<>]+>\s*)*$/;

function recalled(question: string, context: readonly ContextEntry[], total: number): string {
  // A question in the context is not its answer: an earlier fork's task, quoted back in its result
  // or notice, repeats the question word for word and would otherwise outscore the fact itself.
  const found = recall(question, context, (sentence) => sentence.includes(NOTHING_FOUND_PREFIX) || ASKS.test(sentence));
  if (found === null) {
    const terms = contentTerms(question).slice(0, 6).join(' ');
    return `${NOTHING_FOUND_PREFIX} ${terms === '' ? 'that' : `“${terms}”`}.`;
  }
  return `From my context (the ${found.entry.role} message at position ${found.entry.position} of ${total}): “${clip(found.quote)}”`;
}

/**
 * Token usage as o200k counts of what was sent and said. Counted the way Fork Lab counts a parent
 * (linear in the text, pausing for the event loop), so a prompt holding a long run of one
 * character (base64, say) neither takes quadratic time nor holds every other request meanwhile.
 */
async function usage(options: LanguageModelV3CallOptions, content: LanguageModelV3Content[]) {
  const pace = new CountingPace();
  const input = (await countText(options.prompt.map(messageText).join('\n'), pace)).tokens;
  const said = content.map((part) => (part.type === 'text' ? part.text : part.type === 'tool-call' ? `${part.toolName} ${part.input}` : '')).join('');
  const output = (await countText(said, pace)).tokens;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Fork Lab's built-in model: deterministic, offline, and honest about being neither smart nor
 * remote. It answers only from its own context — so what a fork inherited is what it can tell —
 * and uses a tool when asked to by name.
 */
export function createOfflineModel(settings: OfflineModelOptions = {}): LanguageModelV3 {
  const delay = settings.streamDelayMs ?? 0;
  return {
    specificationVersion: 'v3',
    provider: 'fork-lab',
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options): Promise<LanguageModelV3GenerateResult> {
      const { content, finish } = respond(options);
      return {
        content,
        finishReason: { unified: finish, raw: finish },
        usage: await usage(options, content),
        warnings: [],
        response: { id: `offline-${options.prompt.length}`, modelId: OFFLINE_MODEL_ID, timestamp: new Date(0) },
      };
    },
    async doStream(options): Promise<LanguageModelV3StreamResult> {
      const { content, finish } = respond(options);
      const signal = options.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'response-metadata', id: `offline-${options.prompt.length}`, modelId: OFFLINE_MODEL_ID, timestamp: new Date(0) });
            for (const [index, part] of content.entries()) {
              if (part.type === 'text') {
                const id = `text-${index}`;
                controller.enqueue({ type: 'text-start', id });
                for (const word of part.text.match(/\S+\s*|\s+/g) ?? []) {
                  if (delay > 0) await sleep(delay, signal);
                  controller.enqueue({ type: 'text-delta', id, delta: word });
                }
                controller.enqueue({ type: 'text-end', id });
              } else {
                if (delay > 0) await sleep(delay, signal);
                controller.enqueue(part as LanguageModelV3StreamPart);
              }
            }
            controller.enqueue({ type: 'finish', finishReason: { unified: finish, raw: finish }, usage: await usage(options, content) });
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return { stream };
    },
  };
}
