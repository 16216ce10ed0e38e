import type { ImportFormat, ImportFormatId } from '../import-format';
import { aiSdkModelMessagesFormat, aiSdkUiMessagesFormat } from './ai-sdk';
import { anthropicMessagesFormat } from './anthropic-messages';
import { claudeCodeFormat } from './claude-code';
import { codexFormat } from './codex';
import { forkLabBundleFormat, forkLabTranscriptFormat } from './fork-lab';
import { geminiCheckpointFormat } from './gemini-checkpoint';
import { geminiSessionFormat } from './gemini-session';
import { openAiChatFormat } from './openai-chat';
import { openAiResponsesFormat } from './openai-responses';
import { qwenCodeFormat } from './qwen-code';

/** Every format, in the order the format picker lists them. */
export const IMPORT_FORMATS: readonly ImportFormat[] = [
  forkLabBundleFormat,
  forkLabTranscriptFormat,
  claudeCodeFormat,
  codexFormat,
  geminiSessionFormat,
  geminiCheckpointFormat,
  qwenCodeFormat,
  openAiChatFormat,
  openAiResponsesFormat,
  anthropicMessagesFormat,
  aiSdkModelMessagesFormat,
  aiSdkUiMessagesFormat,
];

export function importFormat(id: ImportFormatId): ImportFormat {
  const format = IMPORT_FORMATS.find((candidate) => candidate.id === id);
  if (format === undefined) throw new Error(`no import format ${id}`);
  return format;
}
