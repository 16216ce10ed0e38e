import type { ToolOutput } from '@/lib/fork';
import type { FidelityLog, FindingPlace } from './fidelity-report';
import { NestingTooDeepError } from './import-errors';
import { IMPORT_LIMITS } from './import-limits';
import { sanitizeJson } from './sanitize-json';

/**
 * A tool's recorded output as an AI SDK tool-result output: text stays text, any other JSON value
 * is carried as JSON, and a failed call keeps its error flag so the child sees it failed.
 */
export function toolOutputOf(value: unknown, isError = false): ToolOutput {
  if (typeof value === 'string') return isError ? { type: 'error-text', value } : { type: 'text', value };
  const json = (value === undefined ? null : value) as never;
  return isError ? { type: 'error-json', value: json } : { type: 'json', value: json };
}

/** The text of a content that is a string or a list of `{type: 'text', text}`-like blocks. */
export function textOfBlocks(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .map((block) =>
      typeof block === 'object' && block !== null && typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : undefined,
    )
    .filter((text): text is string => text !== undefined);
  return texts.length === content.length ? texts.join('\n') : undefined;
}

/**
 * A tool call's arguments as recorded as a JSON string (OpenAI, Codex): parsed when they parse,
 * otherwise kept as the raw string, which is what the model wrote.
 */
export function parseToolArguments(argumentsText: unknown, log: FidelityLog, place: FindingPlace = {}): { input: unknown; parsed: boolean } {
  if (typeof argumentsText !== 'string') return { input: argumentsText ?? {}, parsed: true };
  if (argumentsText.trim() === '') return { input: {}, parsed: true };
  let input: unknown;
  try {
    input = JSON.parse(argumentsText) as unknown;
  } catch {
    log.add('flagged', 'tool call arguments are not valid JSON; kept as the raw string the model wrote', place);
    return { input: argumentsText, parsed: false };
  }
  // A JSON string inside a record is parsed here for the first time: it gets the same checks as
  // the record itself.
  try {
    sanitizeJson(input, {
      maxDepth: IMPORT_LIMITS.maxDepth,
      line: place.line,
      onDropped: ({ field }) => log.add('dropped', `key "__proto__" removed from tool call arguments: it is not allowed as a key (${field})`, place),
    });
  } catch (error) {
    // Name the arguments' own place, not just the path inside the parsed string.
    if (!(error instanceof NestingTooDeepError)) throw error;
    const inner = error.location.field === '(root)' ? '' : ` at ${error.location.field}`;
    throw new NestingTooDeepError(IMPORT_LIMITS.maxDepth, {
      line: place.line,
      field: `${place.field ?? 'tool call arguments'} (parsed${inner})`,
    });
  }
  return { input, parsed: true };
}
