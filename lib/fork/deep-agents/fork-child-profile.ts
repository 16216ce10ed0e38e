import type { ChildInheritance } from '../fork-plan';
import type { AgentProfile, ToolDeclaration } from '../transcript/transcript';
import type { DeepAgentsProgram } from './deep-agents-fork-request';

/**
 * The tools Deep Agents' own middleware adds (`BUILTIN_TOOL_NAMES`: the filesystem's, the async
 * subagents', `task`). A program's own tool may not take one of these names (createDeepAgent
 * throws), and LangChain lists an agent's own tools before its middleware's, so the parent's own
 * tools are the ones ahead of the first of these.
 */
const BUILTIN_TOOL_NAMES = new Set([
  'ls',
  'read_file',
  'write_file',
  'edit_file',
  'delete',
  'glob',
  'grep',
  'execute',
  'start_async_task',
  'check_async_task',
  'update_async_task',
  'cancel_async_task',
  'list_async_tasks',
  'task',
]);

export interface ForkChildProfile {
  systemInstruction: string;
  tools: ToolDeclaration[];
  model: string;
  inheritance: ChildInheritance;
  /** A declarative fork mirrors the parent's interruptOn and runs its model object; a compiled one runs its runnable's. */
  keepsModes: boolean;
  warnings: string[];
}

/** The parent's declarations of the named tools, in the names' order, and the names it has none of. */
function namedTools(names: readonly string[], declared: readonly ToolDeclaration[]): { tools: ToolDeclaration[]; missing: string[] } {
  const tools: ToolDeclaration[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const tool = declared.find((candidate) => candidate.name === name);
    if (tool === undefined) missing.push(name);
    else tools.push(tool);
  }
  return { tools, missing };
}

function missingToolsWarning(missing: readonly string[]): string[] {
  if (missing.length === 0) return [];
  return [
    `fork_tools names ${missing.map((name) => JSON.stringify(name)).join(', ')}, which the parent does not declare: Fork Lab has no declaration to give the child, so it is planned without ${missing.length === 1 ? 'it' : 'them'}.`,
  ];
}

/** `resolveForkSystemPrompt`: the parent's prompt with the fork's own appended after a blank line, or alone when the parent has none. */
function withAddendum(parentPrompt: string, addendum: string | undefined): string {
  if (!addendum) return parentPrompt;
  return parentPrompt ? `${parentPrompt}\n\n${addendum}` : addendum;
}

export const ADDENDUM_PLACEMENT =
  'Deep Agents appends the fork’s systemPrompt to the parent’s own system prompt, ahead of what the parent’s middleware adds to it at each call (a todo list’s, memory’s or skills’ section). Fork Lab holds the prompt as the parent sent it and appends at its end: exact for a parent whose middleware adds nothing, as the default stack of 1.14.1 (seen, verify fork-addendum).';

export const OTHER_MODEL =
  'On another model than the parent’s, Deep Agents also applies that model’s harness profile to the fork (the filesystem tools and middleware it leaves out); Fork Lab plans the parent’s tools for it.';

/**
 * Declarative (`getSubagents`, the `forked` branch): the parent's prompt with the addendum, the
 * spec's `tools` or the parent's, then the parent's middleware tools again (the fork mirrors its
 * middleware, `task` included, same name, description and schema), and the spec's `model` or the
 * parent's. Seen in 1.14.1: the child's tools and prompt equal the parent's (verify fork-all).
 */
function declarativeProfile(fork: DeepAgentsProgram['fork'], parent: AgentProfile): ForkChildProfile {
  const systemInstruction = withAddendum(parent.systemInstruction, fork.systemPrompt);
  let tools = parent.tools;
  let missing: string[] = [];
  if (fork.tools !== undefined) {
    const firstBuiltin = parent.tools.findIndex((tool) => BUILTIN_TOOL_NAMES.has(tool.name));
    const middlewareTools = firstBuiltin < 0 ? [] : parent.tools.slice(firstBuiltin);
    const own = namedTools(fork.tools, parent.tools);
    tools = [...own.tools, ...middlewareTools];
    missing = own.missing;
  }
  return {
    systemInstruction,
    tools,
    model: fork.model ?? parent.model,
    inheritance: {
      systemInstruction: 'parent',
      tools: fork.tools === undefined ? 'parent' : 'parent-filtered',
      model: fork.model === undefined ? 'parent' : 'request',
    },
    keepsModes: true,
    warnings: [...(fork.systemPrompt ? [ADDENDUM_PLACEMENT] : []), ...(fork.model === undefined ? [] : [OTHER_MODEL]), ...missingToolsWarning(missing)],
  };
}

/** Said of every compiled fork: what the plan takes from the settings, and what it cannot know. */
export function compiledForkWarning(fork: DeepAgentsProgram['fork']): string {
  const given = [fork.systemPrompt ? 'system prompt' : null, fork.tools !== undefined ? 'tools' : null, fork.model !== undefined ? 'model' : null].filter(
    (part) => part !== null,
  );
  return `A compiled fork runs its own runnable: its system prompt, tools, model and middleware are the runnable's, which Fork Lab cannot read. The plan takes them from the settings (${given.length === 0 ? 'none given: no system prompt, no tools, the parent’s model' : `given: ${given.join(', ')}`}), and applies none of the runnable's middleware to the inherited messages.`;
}

/**
 * Compiled (a `CompiledSubAgent` with `mode: "fork"`): the same inherited messages, but the
 * runnable's own prompt and tools, and no recursion guard (seen in 1.14.1: its own system prompt
 * and no tools, verify compiled-fork).
 */
function compiledProfile(fork: DeepAgentsProgram['fork'], parent: AgentProfile): ForkChildProfile {
  const own = namedTools(fork.tools ?? [], parent.tools);
  return {
    systemInstruction: fork.systemPrompt ?? '',
    tools: own.tools,
    model: fork.model ?? parent.model,
    inheritance: { systemInstruction: 'persona', tools: 'registry', model: fork.model === undefined ? 'parent' : 'request' },
    keepsModes: false,
    warnings: [compiledForkWarning(fork), ...missingToolsWarning(own.missing)],
  };
}

export function forkChildProfile(fork: DeepAgentsProgram['fork'], parent: AgentProfile): ForkChildProfile {
  return fork.kind === 'compiled' ? compiledProfile(fork, parent) : declarativeProfile(fork, parent);
}
