import type { ModelMessage, TranscriptMessage } from '../transcript/transcript';
import { rustTrim } from './rust-text';

/**
 * The harness context blocks Codex sends in user messages (`ContextualUserFragmentDefinition`s in
 * codex-rs/core/src/contextual_user_message.rs): a text is one when, trimmed, it starts with the
 * opening marker and ends with the closing one, compared without regard to ASCII letter case.
 */
export const CONTEXT_FRAGMENT_MARKERS: readonly (readonly [string, string])[] = [
  ['# AGENTS.md instructions for ', '</INSTRUCTIONS>'],
  ['<environment_context>', '</environment_context>'],
  ['<skill>', '</skill>'],
  ['<user_shell_command>', '</user_shell_command>'],
  ['<turn_aborted>', '</turn_aborted>'],
  ['<subagent_notification>', '</subagent_notification>'],
];

/** ASCII-only lower case, as Rust's `eq_ignore_ascii_case` compares. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export function isContextFragment(text: string): boolean {
  const trimmed = asciiLower(rustTrim(text));
  return CONTEXT_FRAGMENT_MARKERS.some(([open, close]) => trimmed.startsWith(asciiLower(open)) && trimmed.endsWith(asciiLower(close)));
}

/**
 * Whether a message starts a fork turn (`fork_turn_positions_in_rollout`): a user message the
 * turn parser reads as the person's. One harness block among its text parts makes the whole
 * message context, not a turn ("any part", not "all parts"); every other user message is a turn,
 * an image-only or blank one included. Codex reads only the content: how an importer marked the
 * message plays no part.
 */
export function isForkTurnBoundary(message: ModelMessage): boolean {
  if (message.role !== 'user') return false;
  if (typeof message.content === 'string') return !isContextFragment(message.content);
  return !message.content.some((part) => part.type === 'text' && isContextFragment(part.text));
}

/** The parent indexes that start fork turns before `end`, in order. */
export function forkTurnBoundaries(messages: readonly TranscriptMessage[], end: number): number[] {
  const boundaries: number[] = [];
  for (let index = 0; index < end; index++) if (isForkTurnBoundary(messages[index]!.message)) boundaries.push(index);
  return boundaries;
}

/**
 * Where a last-N window starts (`truncate_rollout_to_last_n_fork_turns`): at the Nth boundary
 * from the end, the turn in flight being the first; with fewer boundaries than N, at the first
 * one, so the startup context before it is dropped either way; with none, nowhere.
 */
export function lastTurnsStart(boundaries: readonly number[], turns: bigint): number | null {
  if (boundaries.length === 0) return null;
  return turns >= BigInt(boundaries.length) ? boundaries[0]! : boundaries[boundaries.length - Number(turns)]!;
}
