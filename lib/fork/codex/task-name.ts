/*
 * 0.169 makes the child's path `/root/<task_name>` before it spawns, and refuses a name that is no
 * path segment in `AgentPath`'s words (codex-rs/protocol agent_path.rs; the texts are in the 0.169
 * binary, the order is the one an invalid name showed): the model reads the error and retries.
 */

export const AGENT_NAME_EMPTY = 'agent_name must not be empty';
export const AGENT_NAME_CHARSET = 'agent_name must use only lowercase letters, digits, and underscores';
export const AGENT_NAME_SLASH = 'agent_name must not contain `/`';

/** `.` and `..` would walk the path tree; `root` is the root agent's own name. */
const RESERVED = new Set(['root', '.', '..']);

export interface AgentNameError {
  code: string;
  message: string;
  explanation: string;
}

/** Why Codex 0.169 refuses a task name as a path segment, or null when it takes it. */
export function agentNameError(name: string): AgentNameError | null {
  const allowed = 'Allowed: lowercase ASCII letters, digits and underscores (e.g. "write_tests"), not "root", "." or "..".';
  if (name === '') return { code: 'task_name_empty', message: AGENT_NAME_EMPTY, explanation: `The task name is empty. ${allowed}` };
  if (RESERVED.has(name)) {
    return { code: 'task_name_reserved', message: `agent_name \`${name}\` is reserved`, explanation: `"${name}" names a path of its own. ${allowed}` };
  }
  if (name.includes('/')) {
    return { code: 'task_name_slash', message: AGENT_NAME_SLASH, explanation: `"${name}" is a path, and Codex adds the caller's path itself. ${allowed}` };
  }
  if (!/^[a-z0-9_]+$/.test(name)) return { code: 'task_name_charset', message: AGENT_NAME_CHARSET, explanation: `Got ${JSON.stringify(name)}. ${allowed}` };
  return null;
}
