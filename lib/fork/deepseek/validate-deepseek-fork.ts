import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../qwen/validate-fork-turns';
import type { AgentProfile, ToolDeclaration } from '../transcript/transcript';
import type { DeepSeekForkParams } from './deepseek-fork-request';

/** The depth limit when the request names none. */
export const DEFAULT_MAX_DEPTH = 3;

export interface DeepSeekOptions {
  maxDepth: number;
  persona?: string;
  toolFilter?: string[];
}

export type DeepSeekValidation = { ok: true; options: DeepSeekOptions } | { ok: false; error: ForkParameterError };

/** The tools a fresh registration scope offers: the runtime's registry, not the parent's subset. */
export function registryOf(profile: AgentProfile): ToolDeclaration[] {
  return profile.toolRegistry ?? profile.tools;
}

/**
 * DeepSeek's spawn options, which forks share. The depth check comes last and runs before the
 * child starts: a child over the limit is never created.
 */
export function validateDeepSeekForkParams(params: DeepSeekForkParams, caller: AgentProfile): DeepSeekValidation {
  const { maxDepth = DEFAULT_MAX_DEPTH, persona, toolFilter } = params;
  if (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth) || maxDepth < 0) {
    return {
      ok: false,
      error: {
        parameter: 'maxDepth',
        code: 'max_depth_format',
        message: `maxDepth must be a whole number, 0 or more (got ${describeValue(maxDepth)}).`,
      },
    };
  }
  if (persona !== undefined && (typeof persona !== 'string' || persona.trim() === '')) {
    return {
      ok: false,
      error: {
        parameter: 'persona',
        code: 'persona_format',
        message: `persona must be a non-empty string that replaces the child's system instruction (got ${describeValue(persona)}).`,
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
  const childDepth = caller.depth + 1;
  if (childDepth > maxDepth) {
    return {
      ok: false,
      error: {
        parameter: 'maxDepth',
        code: 'depth_limit',
        message: `The child would run at depth ${childDepth}, over the limit of ${maxDepth}: an agent at depth ${caller.depth} cannot start another subagent.`,
      },
    };
  }
  const options: DeepSeekOptions = { maxDepth };
  if (persona !== undefined) options.persona = persona as string;
  if (toolFilter !== undefined) options.toolFilter = [...(toolFilter as string[])];
  return { ok: true, options };
}
