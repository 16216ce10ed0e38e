import type { ReportedUsage } from '@/lib/provider-cache/reported-usage';

/** One model request read from a traffic log, with what the provider reported for it. */
export interface TrafficExchange {
  /** The log it was read from, as the reader was told (a file name); '' when not told. */
  source: string;
  /** Its place in the log (0-based), as a person finds it there. */
  index: number;
  /** When it was sent, in milliseconds since the epoch. */
  atMs: number;
  url: string;
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The model the body names; '' when it names none. */
  model: string;
  /** The usage in the provider's answer (streamed or not); null when the log has none. */
  usage: ReportedUsage | null;
}

/** A line of a log that was not read, and why. */
export interface TrafficProblem {
  line: number;
  message: string;
}

export interface TrafficLog {
  exchanges: TrafficExchange[];
  problems: TrafficProblem[];
}

/** The API shape of a request body: Anthropic's Messages, Chat Completions, OpenAI's Responses, or Gemini's generateContent. */
export type RequestShape = 'messages' | 'chat' | 'responses' | 'gemini';
