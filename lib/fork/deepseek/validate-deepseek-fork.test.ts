import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import { validateDeepSeekForkParams } from './validate-deepseek-fork';

const caller = profile({ toolRegistry: [{ name: 'read_file' }, { name: 'write_file' }, { name: 'agent' }] });

describe('validateDeepSeekForkParams', () => {
  it('defaults the depth limit to 3', () => {
    expect(validateDeepSeekForkParams({}, caller)).toEqual({ ok: true, options: { maxDepth: 3 } });
  });

  it('keeps persona and tool filter', () => {
    expect(validateDeepSeekForkParams({ persona: 'You review code.', toolFilter: ['read_file'], maxDepth: 2 }, caller)).toEqual({
      ok: true,
      options: { maxDepth: 2, persona: 'You review code.', toolFilter: ['read_file'] },
    });
  });

  it.each([
    [-1, 'number -1'],
    [-0, 'number -0'],
    ['2', '"2"'],
    [1.5, 'number 1.5'],
    [2 ** 53, 'number 9007199254740992'],
  ])('rejects maxDepth %j in the runtime’s words (assertSubagentMaxDepth), what was sent beside them', (maxDepth, shown) => {
    expect(validateDeepSeekForkParams({ maxDepth }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'maxDepth',
        code: 'max_depth_format',
        message: 'subagent maxDepth must be a non-negative safe integer',
        explanation: `Got ${shown}. maxDepth must be a whole number from 0 to 9007199254740991 (2^53 − 1); 0 forbids delegation, and left out it is 3.`,
      },
    });
  });

  it.each([
    [{ persona: ' ' }, 'persona', 'persona_format', 'persona must be a non-empty string: the child\'s persona, in place of the deployment\'s (got " ").'],
    [{ toolFilter: 'read_file' }, 'toolFilter', 'tool_filter_format', 'toolFilter must be a list of tool names (got "read_file").'],
    [
      { toolFilter: ['read_file', 'deploy'] },
      'toolFilter',
      'tool_filter_unknown',
      'toolFilter names tools the runtime does not have: deploy. Available: read_file, write_file, agent.',
    ],
  ])('rejects %j', (params, parameter, code, message) => {
    expect(validateDeepSeekForkParams(params, caller)).toEqual({ ok: false, error: { parameter, code, message } });
  });

  it('refuses a child over the depth limit before it starts', () => {
    expect(validateDeepSeekForkParams({ maxDepth: 1 }, profile({ depth: 1 }))).toEqual({
      ok: false,
      error: {
        parameter: 'maxDepth',
        code: 'depth_limit',
        message: 'subagent depth 2 exceeds maxDepth 1',
        explanation: 'The child would run at depth 2 (its parent’s depth 1, plus one), over the limit of 1: an agent at depth 1 cannot start another subagent.',
      },
    });
    expect(validateDeepSeekForkParams({ maxDepth: 0 }, profile({ depth: 0 }))).toMatchObject({ error: { message: 'subagent depth 1 exceeds maxDepth 0' } });
    expect(validateDeepSeekForkParams({ maxDepth: 2 }, profile({ depth: 1 }))).toMatchObject({ ok: true });
  });
});
