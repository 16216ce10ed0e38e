import type { DeepAgentsProgram } from './deep-agents-fork-request';
import { GENERAL_PURPOSE } from './task-tool';

export interface RosterEntry {
  name: string;
  mode: 'isolated' | 'fork';
  compiled: boolean;
}

/**
 * The subagents a deep agent holds, in its order: `general-purpose` first (createDeepAgent
 * unshifts it) unless the program names a subagent so, then the program's own. The fork comes
 * before the isolated ones: Fork Lab's settings keep one fork and list the others after it.
 */
export function rosterOf(program: DeepAgentsProgram): RosterEntry[] {
  const own: RosterEntry[] = [
    { name: program.fork.name, mode: 'fork', compiled: program.fork.kind === 'compiled' },
    ...(program.isolated ?? []).map((name) => ({ name, mode: 'isolated' as const, compiled: false })),
  ];
  const general = own.some((entry) => entry.name === GENERAL_PURPOSE) ? [] : [{ name: GENERAL_PURPOSE, mode: 'isolated' as const, compiled: false }];
  return [...general, ...own];
}

/** A canonical array index (`"0"`, `"42"`): a JavaScript object lists such keys first, in numeric order. */
function isArrayIndex(name: string): boolean {
  return /^(0|[1-9]\d*)$/.test(name) && Number(name) < 2 ** 32 - 1;
}

/**
 * The names as `Object.keys(subagentGraphs)` gives them, which is what the unknown-type error
 * lists: insertion order, except that index-like names come first, smallest first.
 */
export function keyOrder(roster: readonly RosterEntry[]): string[] {
  const names = roster.map((entry) => entry.name);
  const indexes = names.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...names.filter((name) => !isArrayIndex(name))];
}

/** The first name the program gives twice, which `getSubagents` refuses when the agent is built. */
export function duplicateName(roster: readonly RosterEntry[]): string | null {
  const seen = new Set<string>();
  for (const { name } of roster) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}
