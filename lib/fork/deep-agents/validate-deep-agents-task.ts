import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import type { AgentProfile } from '../transcript/transcript';
import type { DeepAgentsForkRequest, DeepAgentsProgram } from './deep-agents-fork-request';
import { duplicateName, keyOrder, rosterOf } from './subagent-roster';

/**
 * What `task` answers a declarative fork that calls it (`FORK_RECURSION_REFUSAL`): the tool
 * returns it as its result, an ordinary tool message, whatever type the call names. Seen in
 * 1.14.1 traffic (verify nested-fork).
 */
export const FORK_RECURSION_REFUSAL =
  'You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again.';

/** The tail LangChain's tool error (`ToolInvocationError`) ends with. */
const FIX_AND_RETRY = '\n Please fix the error and try again.';

export type DeepAgentsTaskCheck = { ok: true; mode: 'fork' } | { ok: true; mode: 'fresh'; why: string } | { ok: false; error: ForkParameterError };

/** How zod 4's `prettifyError` names a value's type, as @langchain/core prints it for the tool's schema. */
function receivedType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The tool's input check (`DynamicStructuredTool.call` parses the arguments with the package's zod
 * schema before `runTask` sees them): each argument that is not text, in the schema's order.
 * LangChain's agent answers with a tool error holding the call's arguments and the exception's
 * stack, read in @langchain/core 1.4.0 and langchain 1.5.14 and run against them.
 */
function inputError(call: Readonly<Record<string, unknown>>): ForkParameterError | null {
  const wrong = (['description', 'subagent_type'] as const).filter((name) => typeof call[name] !== 'string');
  if (wrong.length === 0) return null;
  const issues = wrong.map((name) => `✖ Invalid input: expected string, received ${receivedType(call[name])}\n  → at ${name}`).join('\n');
  return {
    parameter: wrong[0] === 'description' ? 'directive' : 'subagent_type',
    code: 'input_schema',
    message: `Error invoking tool 'task' with kwargs ${JSON.stringify(call)} with error: Error: Received tool input did not match expected schema\n\n${issues}${FIX_AND_RETRY}`,
    explanation: `description and subagent_type must both be text; got ${wrong.map((name) => `${name} ${describeValue(call[name])}`).join(', ')}. The runtime puts the exception's stack in the error after the last "→ at" line: its frames (paths on the machine that runs the agent) are left out here.`,
  };
}

/** The names `in` finds on every object: `subagent_type in subagentGraphs` takes them for subagents. */
const INHERITED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * The checks `runTask` makes, in its order (createTaskTool in dist/langsmith-Bgi_Ta-k.js), after
 * the program's own: a fork child is refused whatever it asks, an unknown type throws, a type whose
 * subagent has `mode: "fork"` forks, and any other starts a regular subagent.
 */
export function validateDeepAgentsTask(request: DeepAgentsForkRequest, program: DeepAgentsProgram, caller: AgentProfile): DeepAgentsTaskCheck {
  const roster = rosterOf(program);
  const duplicate = duplicateName(roster);
  if (duplicate !== null) {
    return {
      ok: false,
      error: {
        parameter: duplicate === program.fork.name ? 'fork_name' : 'other_subagents',
        code: 'duplicate_subagent_name',
        message: `Duplicate subagent name '${duplicate}'; each subagent must have a unique name.`,
        explanation: 'The program names two subagents alike: createDeepAgent throws this when the agent is built, so no agent runs at all.',
      },
    };
  }
  const call = request.call ?? { description: request.directive, subagent_type: request.params.subagent_type };
  const invalid = inputError(call);
  if (invalid !== null) return { ok: false, error: invalid };
  // A declarative fork's mirrored `task` sets `_deepagentsForkedContext` before its agent starts;
  // Fork Lab knows a fork child by where it runs, not by what its history says.
  if (caller.forkChild === true) {
    return {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_recursion',
        message: FORK_RECURSION_REFUSAL,
        explanation:
          'This agent runs as a fork, and a fork’s own task tool refuses every call, of any type, as its ordinary result. (A compiled fork has no such guard: its runnable’s own tools decide; Fork Lab cannot tell the two apart in a child’s profile.)',
      },
    };
  }
  const type = call.subagent_type as string;
  const entry = roster.find((candidate) => candidate.name === type);
  if (entry === undefined && !INHERITED_KEYS.has(type)) {
    const allowed = keyOrder(roster)
      .map((name) => `\`${name}\``)
      .join(', ');
    return {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'unknown_subagent_type',
        message: `Error: invoked agent of type ${type}, the only allowed types are ${allowed}`,
        explanation:
          'runTask throws this, and behind Deep Agents’ tool-wrapping middleware LangChain does not turn it into a tool result: the whole run fails with it (seen in 1.14.1, verify unknown-type). Fork Lab answers the call with it as an error.',
      },
    };
  }
  if (entry === undefined) {
    return {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'inherited_key',
        message: 'subagent.invoke is not a function',
        explanation: `${JSON.stringify(type)} is a property every JavaScript object has, so runTask's \`subagent_type in subagentGraphs\` takes it for a subagent and calls a function that is none: the TypeError fails the whole run.`,
      },
    };
  }
  if (entry.mode === 'fork') return { ok: true, mode: 'fork' };
  return { ok: true, mode: 'fresh', why: `subagent_type ${JSON.stringify(type)}: a regular subagent (mode "isolated"), given only the description` };
}
