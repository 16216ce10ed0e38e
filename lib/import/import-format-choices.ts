import type { ImportFormatId } from './import-format';

/**
 * The formats a person can choose, by id and label, without loading the importers (the browser
 * only needs the names; parsing happens on the server). A test keeps this list equal to the
 * importers' own.
 */
export const IMPORT_FORMAT_CHOICES: readonly { id: ImportFormatId; label: string }[] = [
  { id: 'claude-code', label: 'Claude Code session (JSONL)' },
  { id: 'codex', label: 'Codex CLI rollout (JSONL)' },
  { id: 'gemini-session', label: 'Gemini CLI session (JSON or JSONL)' },
  { id: 'gemini-checkpoint', label: 'Gemini API history (Content[], /chat save checkpoint)' },
  { id: 'qwen-code', label: 'Qwen Code session (JSONL)' },
  { id: 'openai-chat', label: 'OpenAI Chat Completions (messages JSON)' },
  { id: 'openai-responses', label: 'OpenAI Responses (input JSON)' },
  { id: 'anthropic-messages', label: 'Anthropic Messages (request JSON)' },
  { id: 'ai-sdk-model-messages', label: 'AI SDK ModelMessage[] (JSON)' },
  { id: 'ai-sdk-ui-messages', label: 'AI SDK UIMessage[] (JSON)' },
  { id: 'fork-lab-bundle', label: 'Fork Lab fork bundle (JSON)' },
  { id: 'fork-lab-transcript', label: 'Fork Lab transcript (JSON)' },
];
