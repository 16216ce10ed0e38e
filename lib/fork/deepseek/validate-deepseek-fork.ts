import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import type { AgentProfile, ToolDeclaration } from '../transcript/transcript';
import type { DeepSeekForkParams } from './deepseek-fork-request';
import { SCHEMA_NOT_OBJECT } from './structured-output';

/** The depth limit when the request names none (the tool's configuration schema default). */
export const DEFAULT_MAX_DEPTH = 3;

// DeepSeek Harness's own words (`packages/subagent/subagent`: `assertSubagentMaxDepth` in depth.ts,
// `SubagentDepthError` in child-agent.ts): its tool answers the parent with `Error: ` and these.
export const MAX_DEPTH_INVALID = 'subagent maxDepth must be a non-negative safe integer';

export interface DeepSeekOptions {
  maxDepth: number;
  persona?: string;
  toolFilter?: string[];
  outputSchema?: Record<string, unknown>;
}

export type DeepSeekValidation = { ok: true; options: DeepSeekOptions } | { ok: false; error: ForkParameterError };

/** The tools a fresh registration scope offers: the runtime's registry, not the parent's subset. */
export function registryOf(profile: AgentProfile): ToolDeclaration[] {
  return profile.toolRegistry ?? profile.tools;
}

/**
 * DeepSeek's spawn options, which forks share. The depth check comes last and runs before the
 * child starts: a child over the limit is never created. The depth texts are the runtime's; what
 * was sent and what is allowed is Fork Lab's `explanation`, which no model reads.
 */
export function validateDeepSeekForkParams(params: DeepSeekForkParams, caller: AgentProfile): DeepSeekValidation {
  const { maxDepth = DEFAULT_MAX_DEPTH, persona, toolFilter, outputSchema } = params;
  if (typeof maxDepth !== 'number' || !Number.isSafeInteger(maxDepth) || maxDepth < 0 || Object.is(maxDepth, -0)) {
    return {
      ok: false,
      error: {
        parameter: 'maxDepth',
        code: 'max_depth_format',
        message: MAX_DEPTH_INVALID,
        explanation: `Got ${Object.is(maxDepth, -0) ? 'number -0' : describeValue(maxDepth)}. maxDepth must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (2^53 − 1); 0 forbids delegation, and left out it is ${DEFAULT_MAX_DEPTH}.`,
      },
    };
  }
  if (persona !== undefined && (typeof persona !== 'string' || persona.trim() === '')) {
    return {
      ok: false,
      error: {
        parameter: 'persona',
        code: 'persona_format',
        message: `persona must be a non-empty string: the child's persona, in place of the deployment's (got ${describeValue(persona)}).`,
      },
    };
  }
  if (toolFilter !== undefined) {
    if (!Array.isArray(toolFilter) || toolFilter.some((name) => typeof name !== 'string')) {
      return {
        ok: false,
        error: {
          parameter: 'toolFilter',
          code: 'tool_filter_format',
          message: `toolFilter must be a list of tool names (got ${describeValue(toolFilter)}).`,
        },
      };
    }
    const known = new Set(registryOf(caller).map((tool) => tool.name));
    const unknown = (toolFilter as string[]).filter((name) => !known.has(name));
    if (unknown.length > 0) {
      return {
        ok: false,
        error: {
          parameter: 'toolFilter',
          code: 'tool_filter_unknown',
          message: `toolFilter names tools the runtime does not have: ${unknown.join(', ')}. Available: ${[...known].join(', ') || 'none'}.`,
        },
      };
    }
  }
  if (outputSchema !== undefined) {
    if (outputSchema === null || typeof outputSchema !== 'object' || Array.isArray(outputSchema)) {
      return {
        ok: false,
        error: {
          parameter: 'outputSchema',
          code: 'output_schema_format',
          message: `outputSchema must be a JSON Schema object (got ${describeValue(outputSchema)}).`,
        },
      };
    }
    if ((outputSchema as Record<string, unknown>).type !== 'object') {
      return {
        ok: false,
        error: {
          parameter: 'outputSchema',
          code: 'output_schema_not_object',
          message: SCHEMA_NOT_OBJECT,
          explanation: `Got type ${describeValue((outputSchema as Record<string, unknown>).type)}. Structured output is one object: give the schema "type": "object" and the fields as its properties.`,
        },
      };
    }
  }
  const childDepth = caller.depth + 1;
  if (childDepth > maxDepth) {
    return {
      ok: false,
      error: {
        parameter: 'maxDepth',
        code: 'depth_limit',
        message: `subagent depth ${childDepth} exceeds maxDepth ${maxDepth}`,
        explanation: `The child would run at depth ${childDepth} (its parent’s depth ${caller.depth}, plus one), over the limit of ${maxDepth}: an agent at depth ${caller.depth} cannot start another subagent.`,
      },
    };
  }
  const options: DeepSeekOptions = { maxDepth };
  if (persona !== undefined) options.persona = persona as string;
  if (toolFilter !== undefined) options.toolFilter = [...(toolFilter as string[])];
  if (outputSchema !== undefined) options.outputSchema = outputSchema as Record<string, unknown>;
  return { ok: true, options };
}
