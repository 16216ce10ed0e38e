/*
 * Qwen Code 0.24's fork_tools: which of the inherited (still visible) tools a fork may execute.
 * Texts and rules from `validateForkToolList`, `buildForkExecutionAllowlist` and
 * `resolveForkExecutionAllowedTools` in the shipped 0.24.4 bundle (packages/core/src/tools/agent/
 * fork-subagent.ts).
 */

const ASK_USER_QUESTION = 'ask_user_question';
const DISPLAY_IMAGE = 'display_image';
/** Tools that reach other tools: a non-empty allowlist keeps them, or nothing behind them could run. */
const BRIDGE_TOOLS = ['tool_search', 'tool_call'];

/** A `*` entry is an MCP pattern: every MCP tool, or a server's tools by a name prefix. */
function isValidWildcard(name: string): boolean {
  if (!name.includes('*') || name === 'mcp__*') return true;
  if (!name.startsWith('mcp__') || !name.endsWith('*') || name.slice(0, -1).includes('*')) return false;
  return name.slice('mcp__'.length, -1).lastIndexOf('__') > 0;
}

/** What is wrong with a `fork_tools` value, in Qwen's words after `Parameter "fork_tools" `; null when it is valid. */
export function forkToolListError(tools: unknown): string | null {
  if (!Array.isArray(tools) || tools.some((name) => typeof name !== 'string' || name.trim().length === 0 || name.trim() !== name)) {
    return 'must be an array of non-empty tool names without surrounding whitespace';
  }
  if (tools.includes('*')) return 'does not accept "*"; omit it to allow every otherwise-executable inherited tool';
  if (tools.some((name: string) => !isValidWildcard(name))) {
    return 'wildcard entries must be "mcp__*" or a trailing MCP tool-prefix pattern such as "mcp__github__read_*"';
  }
  return null;
}

/**
 * The allowlist the child is told about: the requested names in order without repeats, the bridge
 * tools the parent advertises when anything was requested, never `ask_user_question` (a fork has
 * no user), and never `display_image` when the parent advertises it. Unknown names stay: Qwen
 * does not check them, they simply match nothing. An empty request stays empty: run no tool.
 */
export function forkExecutionAllowlist(requested: readonly string[], parentTools: readonly string[]): string[] {
  const allowed = new Set(requested);
  if (requested.length > 0) for (const bridge of BRIDGE_TOOLS) if (parentTools.includes(bridge)) allowed.add(bridge);
  return [...allowed].filter((name) => name !== ASK_USER_QUESTION && !(name === DISPLAY_IMAGE && parentTools.includes(DISPLAY_IMAGE)));
}

/** The paragraph after the directive that tells the child what it may execute. */
export function executionRestriction(allowlist: readonly string[]): string {
  return allowlist.length === 0
    ? '\n\nTOOL EXECUTION RESTRICTION:\nYou may not execute any tools, even though tool declarations remain visible. Do not attempt tool calls.'
    : `\n\nTOOL EXECUTION RESTRICTION:\nYou may execute only tools matched by this allowlist: ${JSON.stringify(allowlist)}.\nOther visible tool declarations are unavailable to you. Do not call them.`;
}
