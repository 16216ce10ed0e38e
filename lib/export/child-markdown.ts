import type { ChildMessageSource, ChildRequest, ModelMessage, ToolOutput, TranscriptMessage } from '@/lib/fork';

export interface ChildMarkdownInput {
  name: string;
  child: ChildRequest;
  /** Messages the child produced after its first request. */
  ownMessages: TranscriptMessage[];
  status?: string;
  finalOutput?: string | null;
}

/**
 * A child's transcript as a Markdown document a person can read or paste: its header, system
 * instruction, tools, then every message with where it came from (inherited, written by a fork
 * rule, or the child's own). Text is written as it is, fenced when it holds tags; fences are sized
 * so that text holding ``` cannot close them early.
 */
export function childTranscriptMarkdown(input: ChildMarkdownInput): string {
  const { child } = input;
  const entries: { message: ModelMessage; source: string }[] = [
    ...[...child.initialMessages, child.firstPrompt].map((entry) => ({ message: entry.message, source: describeSource(entry.source) })),
    ...input.ownMessages.map((entry) => ({ message: entry.message, source: 'child' })),
  ];
  const multiLineOutput = typeof input.finalOutput === 'string' && input.finalOutput.includes('\n');
  const sections = [
    `# ${input.name}`,
    headerList(input, multiLineOutput),
    '## System instruction',
    child.systemInstruction === '' ? '_(none)_' : fenced(child.systemInstruction, 'text'),
    '## Tools',
    child.tools.length === 0 ? '_(none)_' : child.tools.map((tool) => `- ${inlineCode(tool.name)}`).join('\n'),
    '## Messages',
    ...entries.flatMap(({ message, source }, index) => [`### ${index + 1}. ${message.role} (${source})`, messageBody(message)]),
    ...(multiLineOutput ? ['## Final output', input.finalOutput as string] : []),
  ];
  return `${sections.join('\n\n')}\n`;
}

function headerList(input: ChildMarkdownInput, multiLineOutput: boolean): string {
  const lines = [`- Model: ${inlineCode(input.child.model)}`];
  if (input.status !== undefined) lines.push(`- Status: ${input.status}`);
  if (input.finalOutput !== undefined) {
    const output = input.finalOutput === null ? '_(none)_' : multiLineOutput ? 'see *Final output* below' : input.finalOutput;
    lines.push(`- Final output: ${output}`);
  }
  return lines.join('\n');
}

const CHANGE_WORDS = {
  merged: 'merged',
  'tool-inputs-redacted': 'tool inputs redacted',
  sealed: 'sealed',
  stripped: 'reduced to its final answer',
  split: 'cut where a call was answered',
} as const;

function describeSource(source: ChildMessageSource): string {
  if (source.kind === 'synthetic') return `synthetic: ${source.rule}`;
  return source.change === undefined ? 'inherited copy' : `inherited copy, ${CHANGE_WORDS[source.change]}`;
}

type AnyPart = Exclude<ModelMessage['content'], string>[number];

function messageBody(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content === '' ? '_(empty)_' : readableText(message.content);
  const parts = (message.content as readonly AnyPart[]).map(partBody);
  return parts.length === 0 ? '_(empty)_' : parts.join('\n\n');
}

function partBody(part: AnyPart): string {
  switch (part.type) {
    case 'text':
      return readableText(part.text);
    case 'reasoning':
      return `**Reasoning**\n\n${part.text
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n')}`;
    case 'image':
      return `[image: ${describeData(part.image, part.mediaType)}]`;
    case 'file':
      return `[file${part.filename === undefined ? '' : ` ${part.filename}`}: ${describeData(part.data, part.mediaType)}]`;
    case 'tool-call':
      return `**Tool call** ${inlineCode(part.toolName)} (id ${inlineCode(part.toolCallId)})\n\n${fenced(JSON.stringify(part.input ?? null, null, 2), 'json')}`;
    case 'tool-result':
      return `**Tool result** ${inlineCode(part.toolName)} (id ${inlineCode(part.toolCallId)})${resultBody(part.output)}`;
    case 'tool-approval-request':
      return `**Tool approval requested** for ${inlineCode(part.toolCallId)}`;
    case 'tool-approval-response':
      return `**Tool approval** ${part.approved ? 'granted' : 'denied'}${part.reason === undefined ? '' : `: ${part.reason}`}`;
    default:
      return `[${(part as { type: string }).type} part]`;
  }
}

function resultBody(output: ToolOutput): string {
  switch (output.type) {
    case 'text':
      return `\n\n${fenced(output.value, '')}`;
    case 'error-text':
      return `, error\n\n${fenced(output.value, '')}`;
    case 'json':
      return `\n\n${fenced(JSON.stringify(output.value, null, 2), 'json')}`;
    case 'error-json':
      return `, error\n\n${fenced(JSON.stringify(output.value, null, 2), 'json')}`;
    case 'execution-denied':
      return `, execution denied${output.reason === undefined ? '' : `: ${output.reason}`}`;
    case 'content':
      return `\n\n${fenced(JSON.stringify(output.value, null, 2), 'json')}`;
  }
}

/** A URL as it is; inline bytes by type and size, never the bytes themselves. */
function describeData(data: unknown, mediaType: string | undefined): string {
  const type = mediaType ?? 'unknown type';
  if (data instanceof URL) return `${type}, ${data.href}`;
  if (typeof data === 'string') {
    if (/^data:/i.test(data)) return `${type}, data URL of ${data.length} characters`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(data)) return `${type}, ${data}`;
    return `${type}, ${data.length} base64 characters`;
  }
  return `${type}, inline bytes`;
}

/**
 * Prose stays prose, but text holding tags (`<system-reminder>`, `<fork-boilerplate>`) is fenced:
 * a Markdown renderer would swallow the tags as HTML and hide exactly what a fork added.
 */
function readableText(text: string): string {
  return /<\/?[A-Za-z][\w-]*[\s>]/.test(text) ? fenced(text, 'text') : text;
}

/** Longest run of `char` in `text`. */
function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const current of text) {
    run = current === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** A fenced block whose fence is longer than any backtick run inside, so the text cannot end it. */
export function fenced(text: string, language: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Inline code that stays one span even when the text holds backticks. */
function inlineCode(text: string): string {
  const ticks = '`'.repeat(longestRun(text, '`') + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
