import { isRecord } from '../import-source';
import type { Line } from './claude-code-chain';

/*
 * What Claude Code writes when the person types a slash command. The CLI echoes the command as a
 * user line (`<command-name>`, `<command-message>`, `<command-args>`). For a prompt command (a
 * custom command or skill) the expansion follows as an isMeta user line, and the model acts on
 * both: `/orchestrator update CLAUDE.md` is the person asking for something. A local command
 * (`/model`, `/mcp`, `/compact …`) is run by the CLI itself: a `<local-command-caveat>` line before
 * the echo tells the model not to respond, and its `<local-command-stdout>` follows.
 */

/**
 * Text the CLI writes for a slash command: what the person typed, echoed, not a prompt to the
 * model. Anchored at the start, so a prompt that merely mentions a tag is still a prompt.
 */
export const COMMAND_ECHO = /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr)>/;
const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;
const LOCAL_COMMAND_CAVEAT = /^\s*<local-command-caveat>/;
const LOCAL_COMMAND_OUTPUT = /^\s*<local-command-(stdout|stderr)>/;

/** The arguments typed after a slash command, when the text is a command echo that has any. */
export function commandArguments(text: string): string | undefined {
  if (!COMMAND_ECHO.test(text) || !text.includes('<command-name>')) return undefined;
  const args = COMMAND_ARGS.exec(text)?.[1]?.trim();
  return args === undefined || args === '' ? undefined : args;
}

function textOf(line: Line): string {
  const content = isRecord(line.record.message) ? line.record.message.content : undefined;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const first = content.find((block) => isRecord(block) && block.type === 'text');
  return isRecord(first) && typeof first.text === 'string' ? first.text : '';
}

/** The nearest chat line before (`step` -1) or after (+1) `index`, skipping progress and bookkeeping. */
function nearestChatLine(lines: readonly Line[], index: number, step: -1 | 1): Line | undefined {
  for (let cursor = index + step; cursor >= 0 && cursor < lines.length; cursor += step) {
    const line = lines[cursor]!;
    if (line.type === 'user' || line.type === 'assistant') return line;
  }
  return undefined;
}

/** Whether the command echo at `index` is a local command's: the caveat just before it, or its output just after. */
export function isLocalCommand(lines: readonly Line[], index: number): boolean {
  const before = nearestChatLine(lines, index, -1);
  const after = nearestChatLine(lines, index, 1);
  return (before?.type === 'user' && LOCAL_COMMAND_CAVEAT.test(textOf(before))) || (after?.type === 'user' && LOCAL_COMMAND_OUTPUT.test(textOf(after)));
}
