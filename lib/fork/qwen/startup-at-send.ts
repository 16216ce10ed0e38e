import { type CuratedEntry, isUserRoleEntry } from '../transcript/curate-history';
import { partsOf } from '../transcript/message-parts';
import { isReminderText } from '../transcript/reminder';
import type { ModelMessage, TranscriptMessage } from '../transcript/transcript';

/**
 * Transcripts read back from a request body: what the runtime sent its provider, after its own
 * send-time curation (below) had merged adjacent user-role turns.
 */
const REQUEST_FORMATS = new Set(['openai-chat', 'openai-responses', 'anthropic-messages']);

/** The parent's first message, taken apart into Qwen's startup context and its first prompt. */
export interface WireStartup {
  /** The leading reminder parts: the startup `Content` Qwen's history holds on its own. */
  startup: TranscriptMessage;
  /** The parts after them: the first prompt, as Qwen's history holds it. */
  rest: TranscriptMessage;
}

/**
 * Qwen's history opens with one user-role `Content` of reminders only (`getInitialChatHistory`:
 * skills, environment, deferred tools), and the first prompt is a `Content` of its own. Every send
 * curates the history (`getRequestHistory` → `extractCuratedHistory` → `appendCuratedContent`), so
 * a request carries the two as one user message: the reminder parts, then the prompt's parts. A
 * parent read back from such a request has lost the boundary, and without it the startup context
 * (`getStartupContextLength`, which needs an all-reminder first entry) cannot be found: the
 * leading reminder parts are taken for it. A reminder the first prompt itself opened with is taken
 * along, since the request no longer says where one `Content` ended. Only request bodies are read
 * this way: another transcript that opens with reminders and a prompt in one message had them so
 * in the history too, and Qwen counts that message as the first prompt.
 */
export function wireStartup(messages: readonly TranscriptMessage[]): WireStartup | null {
  const first = messages[0];
  if (first === undefined || first.message.role !== 'user' || !REQUEST_FORMATS.has(first.meta?.origin?.format ?? '')) return null;
  const { content } = first.message;
  if (typeof content === 'string') return null;
  let count = 0;
  while (count < content.length && content[count]!.type === 'text' && isReminderText((content[count] as { text: string }).text)) count++;
  if (count === 0 || count === content.length) return null;
  return {
    startup: { ...first, message: { role: 'user', content: content.slice(0, count) } },
    rest: { ...first, message: { role: 'user', content: content.slice(count) } },
  };
}

const ascending = (...lists: number[][]): number[] => [...new Set(lists.flat())].sort((a, b) => a - b);

/**
 * The startup context and the window as the child's first request carries them. Qwen prepends the
 * startup context to the window uncurated (`createForkSubagent`, so the boundary repair sees them
 * apart), but the child's chat curates its history on every send like any other (the request
 * contents are `extractCuratedHistory(history)`), so a startup `Content` of reminders and the
 * window's first prompt go out as one user message: the reminder parts, then the prompt's, as
 * parts side by side (the Chat Completions and Anthropic converters turn each part into a content
 * part of its own, with no separator). Seen in 0.24.4 traffic (verify, fork-last-turn), and as old
 * as the send path's curation, so every version does it.
 *
 * The merge belongs in the plan, not in a provider's writer. Qwen's stored history does hold the
 * two apart, but every request is built from its curated copy before any converter runs, so a
 * Gemini, Chat Completions or Anthropic request carries them as one alike; the Chat Completions
 * converter itself merges only adjacent assistant messages (`mergeConsecutiveAssistantMessages`).
 * A plan is the child's first request, and Fork Lab's exporters write each of its messages as its
 * own, so the merged message has to be in the plan.
 *
 * Left apart, as upstream then sends them apart or Fork Lab cannot write them together:
 * - a startup pair ending with the model's acknowledgement (nothing adjacent to merge);
 * - a window of one entry: the boundary repair drops it, and the startup then merges with the
 *   directive the child sends, which the plan keeps as its own first prompt;
 * - a window opening with tool results: the AI SDK holds them apart from user text, and Qwen's
 *   converters put them ahead of the text and then drop them, their calls being outside the window
 *   (`cleanOrphanedToolCalls`).
 */
export function mergeStartupAtSend(startup: readonly CuratedEntry[], window: readonly CuratedEntry[]): CuratedEntry[] {
  const last = startup[startup.length - 1];
  const first = window[0];
  if (last === undefined || first === undefined || window.length < 2 || !isUserRoleEntry(last) || first.pieces[0]!.message.role !== 'user') {
    return [...startup, ...window];
  }
  const [head, ...others] = first.pieces;
  const meta = last.meta === undefined ? {} : { meta: last.meta };
  const message = { role: 'user', content: [...partsOf(last.message), ...partsOf(head!.message)] } as ModelMessage;
  const joined: CuratedEntry = {
    message: { role: 'user', content: [...partsOf(last.message), ...partsOf(first.message)] },
    ...meta,
    pieces: [{ message, ...meta, sources: ascending(last.sources, head!.sources) }, ...others],
    sources: ascending(last.sources, first.sources),
    real: first.real,
  };
  return [...startup.slice(0, -1), joined, ...window.slice(1)];
}
