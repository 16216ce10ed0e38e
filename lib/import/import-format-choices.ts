import type { ImportFormatId } from './import-format';

/**
 * The label a person sees for each format, in the order the import dialog lists them. The
 * importers take their labels from here, so the browser can name the formats without loading the
 * importers (parsing happens on the server).
 */
export const IMPORT_FORMAT_LABELS = {
  'claude-code': 'Claude Code session (JSONL)',
  codex: 'Codex CLI rollout (JSONL)',
  'gemini-session': 'Gemini CLI session (JSON or JSONL)',
  'gemini-checkpoint': 'Gemini API history (Content[], /chat save checkpoint)',
  'qwen-code': 'Qwen Code session (JSONL)',
  'openai-chat': 'OpenAI Chat Completions (messages JSON)',
  'openai-responses': 'OpenAI Responses (input JSON)',
  'anthropic-messages': 'Anthropic Messages (request JSON)',
  'ai-sdk-model-messages': 'AI SDK ModelMessage[] (JSON)',
  'ai-sdk-ui-messages': 'AI SDK UIMessage[] (JSON)',
  'fork-lab-bundle': 'Fork Lab fork bundle (JSON)',
  'fork-lab-transcript': 'Fork Lab transcript (JSON)',
} as const satisfies Record<ImportFormatId, string>;

/** The formats a person can choose, by id and label, in the dialog's order. A test keeps this list equal to the importers' own. */
export const IMPORT_FORMAT_CHOICES: readonly { id: ImportFormatId; label: string }[] = Object.entries(IMPORT_FORMAT_LABELS).map(([id, label]) => ({
  // Object.entries types its keys as plain strings; these are the table's own keys, every one an ImportFormatId.
  id: id as ImportFormatId,
  label,
}));
