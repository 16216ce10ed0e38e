/**
 * Small builders for transcripts: the built-in and synthetic scenarios are written with them, and so
 * are tests and the benchmark. Ids are always explicit so that expectations can name the exact
 * parent row a child message came from.
 */
import type { AgentProfile, MessageMeta, ParentTranscript, TranscriptMessage } from '@/lib/fork';

type UserPart =
  | { type: 'text'; text: string }
  | { type: 'image'; image: string; mediaType?: string }
  | { type: 'file'; data: string; mediaType: string; filename?: string };

function withMeta(entry: TranscriptMessage, meta?: MessageMeta): TranscriptMessage {
  return meta === undefined ? entry : { ...entry, meta };
}

export function user(id: string, content: string | UserPart[], meta?: MessageMeta): TranscriptMessage {
  const parts = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content;
  return withMeta({ id, message: { role: 'user', content: parts } }, meta);
}

export function reminderText(body: string): string {
  return `<system-reminder>\n${body}\n</system-reminder>`;
}

export function reminder(id: string, body: string, meta?: MessageMeta): TranscriptMessage {
  return user(id, reminderText(body), meta);
}

export function assistant(id: string, text: string, meta?: MessageMeta): TranscriptMessage {
  return withMeta({ id, message: { role: 'assistant', content: [{ type: 'text', text }] } }, meta);
}

export interface CallSpec {
  id: string;
  tool: string;
  input: unknown;
}

export function toolCalls(id: string, calls: CallSpec[], text?: string, meta?: MessageMeta): TranscriptMessage {
  return withMeta(
    {
      id,
      message: {
        role: 'assistant',
        content: [
          ...(text === undefined ? [] : [{ type: 'text' as const, text }]),
          ...calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.tool,
            input: call.input,
          })),
        ],
      },
    },
    meta,
  );
}

export interface ResultSpec {
  id: string;
  tool: string;
  output: string;
}

export function toolResults(id: string, results: ResultSpec[], meta?: MessageMeta): TranscriptMessage {
  return withMeta(
    {
      id,
      message: {
        role: 'tool',
        content: results.map((result) => ({
          type: 'tool-result' as const,
          toolCallId: result.id,
          toolName: result.tool,
          output: { type: 'text' as const, value: result.output },
        })),
      },
    },
    meta,
  );
}

export const READ_FILE_TOOL = {
  name: 'read_file',
  description: 'Read a file from the workspace.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

export const AGENT_TOOL = {
  name: 'agent',
  description: 'Launch a subagent.',
  inputSchema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
};

export function profile(overrides: Partial<AgentProfile> = {}): AgentProfile {
  return {
    agentId: 'main',
    name: 'agent',
    systemInstruction: 'You are a careful coding agent.',
    tools: [READ_FILE_TOOL, AGENT_TOOL],
    model: 'fork-lab-offline',
    depth: 0,
    ...overrides,
  };
}

export function parentOf(messages: TranscriptMessage[], overrides: Partial<AgentProfile> = {}): ParentTranscript {
  return { profile: profile(overrides), messages };
}

/** A system message inside the conversation (how importers keep a Responses developer message). */
export function system(id: string, text: string, meta?: MessageMeta): TranscriptMessage {
  return withMeta({ id, message: { role: 'system', content: text } }, meta);
}

/**
 * An assistant message in an OpenAI Responses phase, kept where the AI SDK keeps it
 * (`providerOptions.openai.phase` on its text), with any tool calls after the text.
 */
export function phased(id: string, phase: 'commentary' | 'final_answer', text: string, calls: CallSpec[] = [], meta?: MessageMeta): TranscriptMessage {
  return withMeta(
    {
      id,
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text, providerOptions: { openai: { phase } } },
          ...calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.tool, input: call.input })),
        ],
      },
    },
    meta,
  );
}
