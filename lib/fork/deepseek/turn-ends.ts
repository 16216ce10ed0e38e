import { isRealUserTurn } from '../transcript/classify-messages';
import type { TranscriptMessage, TurnEndReason } from '../transcript/transcript';
import { isRuntimeContextMessage } from './runtime-context';

/** A prompt that opens a turn: a real user turn, but not the runtime context the harness sends after one. */
function opensTurn(entry: TranscriptMessage): boolean {
  return isRealUserTurn(entry.message, entry.meta) && !isRuntimeContextMessage(entry);
}

export interface LastTurnEnd {
  /** Index of the message the turn ended after. */
  index: number;
  reason: TurnEndReason;
  /** True when the transcript records no turn ends and this one was inferred. */
  derived: boolean;
}

/**
 * The last turn end in `messages[0, end)`. Recorded turn ends (`meta.turnEnd`) win; a transcript
 * that records none gets them inferred the way importers do: a turn is complete once a later real
 * user turn starts, so the last message before the latest real turn that follows another (skipping user-role
 * messages that arrive with that prompt) closes a turn.
 * The turn in flight has no end of its own, whatever its state.
 */
export function findLastTurnEnd(messages: readonly TranscriptMessage[], end: number): LastTurnEnd | null {
  for (let index = end - 1; index >= 0; index--) {
    const reason = messages[index]!.meta?.turnEnd;
    if (reason !== undefined) return { index, reason, derived: false };
  }
  let laterTurn = -1;
  for (let index = end - 1; index >= 0; index--) {
    if (!opensTurn(messages[index]!)) continue;
    if (laterTurn >= 0) {
      // Reminders written just before the later prompt arrive with it: they open the next turn.
      let last = laterTurn - 1;
      while (last > index && messages[last]!.message.role === 'user') last--;
      return { index: last, reason: 'completed', derived: true };
    }
    laterTurn = index;
  }
  return null;
}
