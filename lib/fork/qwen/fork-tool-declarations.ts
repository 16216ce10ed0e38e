import type { ToolDeclaration } from '../transcript/transcript';

/**
 * Tools a Qwen Code 0.24 fork is not given: the parent's own orchestration and session tools
 * (`EXCLUDED_TOOLS_FOR_SUBAGENTS` in the 0.24.4 bundle, which `extractParentToolNames` filters out
 * of the fork's declarations), and the goal tools, which 0.24.4's traffic showed missing from its
 * fork's request too (verify fork-all: the parent declared 14 tools, the child 10). So a fork
 * cannot call `agent` at all, and its tool list is not the parent's: the prompt prefix the two
 * share ends before the tools.
 */
export const TOOLS_NOT_FORKED: ReadonlySet<string> = new Set([
  'agent',
  'cron_create',
  'cron_list',
  'cron_delete',
  'list_agents',
  'task_stop',
  'send_message',
  'team_create',
  'team_delete',
  'team_plan_approval',
  'request_shutdown',
  'task_create',
  'task_update',
  'task_list',
  'todo_write',
  'enter_plan_mode',
  'exit_plan_mode',
  'enter_worktree',
  'exit_worktree',
  'artifact',
  'record_artifact',
  'record_source',
  'workflow',
  'get_goal',
  'update_goal',
]);

/** The declarations a 0.24 fork is sent: the parent's, in order, less the tools it is not given. */
export function forkToolDeclarations(parentTools: readonly ToolDeclaration[]): ToolDeclaration[] {
  return parentTools.filter((tool) => !TOOLS_NOT_FORKED.has(tool.name));
}
