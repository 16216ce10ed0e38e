import type { ForkBootstrapRecord, ForkPlan, ForkRequest, ParentTranscript, TranscriptMessage } from '@/lib/fork';
import type { AgentUsage } from './agent-usage';
import type { FidelityLog } from './fidelity-report';
import type { ImportSource } from './import-source';

export const IMPORT_FORMAT_IDS = [
  'fork-lab-bundle',
  'fork-lab-transcript',
  'claude-code',
  'codex',
  'gemini-session',
  'gemini-checkpoint',
  'qwen-code',
  'openai-chat',
  'openai-responses',
  'anthropic-messages',
  'ai-sdk-model-messages',
  'ai-sdk-ui-messages',
] as const;

export type ImportFormatId = (typeof IMPORT_FORMAT_IDS)[number];

/** A child restored from a fork bundle. */
export interface BundledChild {
  name: string;
  request: ForkRequest;
  plan: ForkPlan;
  bootstrap: ForkBootstrapRecord | null;
  /** Messages the child produced after its inherited history. */
  ownMessages: TranscriptMessage[];
  /** The run's last status, or `planned` for a child that never ran. */
  status: 'running' | 'finished' | 'failed' | 'stopped' | 'interrupted' | 'planned';
  modelId: string | null;
  finalOutput: string | null;
  launchedAt?: string;
  familyId?: string;
  isolation?: { parentRevision: number; parentHash: string; inheritedHash: string };
}

/** What a format's converter makes of a source: the parent, and for a bundle its fork too. */
export interface ConvertedImport {
  transcript: ParentTranscript;
  /** A title for the session, when the source has one (a session's AI title, a bundle's name). */
  title?: string;
  /** The fork request to select on the imported parent (a bundle's). */
  request?: ForkRequest;
  children?: BundledChild[];
  /** What each agent of the session (the parent, each sub-agent) asked its provider for, where the file records usage. */
  agentUsage?: AgentUsage[];
}

/** One transcript format Fork Lab imports. */
export interface ImportFormat {
  id: ImportFormatId;
  /** `Claude Code session (JSONL)`: how the person sees it. */
  label: string;
  /**
   * How sure this format is that it reads `source`: 0 = not this format, 1 = certain (a marker only
   * this format writes), values between for a shape several formats share. The highest wins; a tie
   * near the top asks the person.
   */
  detect(source: ImportSource): number;
  /**
   * Convert the source, logging every record or field that does not map one to one. Throws an
   * `ImportError` (naming the line or field) when the source cannot be read as this format.
   */
  convert(source: ImportSource, log: FidelityLog): ConvertedImport;
}
