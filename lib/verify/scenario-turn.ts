/**
 * A fork the runtime's own program starts between turns, with no model call asking for it: how a
 * DeepSeek Harness workflow starts one (`ctx.subagents.start('fork', …)`), and the only way to give
 * it an `outputSchema`. Only a driver that takes `programTurns` runs one.
 */
export interface ProgramFork {
  fork: {
    prompt: string;
    label?: string;
    outputSchema?: Readonly<Record<string, unknown>>;
  };
}

/** One step of a scenario: a prompt the user sends (the offline model plays the parent), or a program's fork. */
export type Turn = string | ProgramFork;

/** The prompt a turn sends, or null for a program's step. */
export function promptOf(turn: Turn): string | null {
  return typeof turn === 'string' ? turn : null;
}
