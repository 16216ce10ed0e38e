import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import { validateAgentSwarm } from './validate-agent-swarm';
import { FORK_WITH_MODEL_UNAVAILABLE, FORK_WITH_RESUME_UNAVAILABLE, FORK_WITH_TYPE_UNAVAILABLE } from './validate-kimi-fork';

const caller = profile({ name: 'coder', model: 'kimi-k2' });
const TEMPLATE = 'Review {{item}}.';
const messageOf = (args: Record<string, unknown>) => {
  const result = validateAgentSwarm(args, caller, 'code-read');
  return result.ok ? result.mode : result.error.message;
};

describe('validateAgentSwarm', () => {
  it("checks the arguments against the tool's JSON schema first, reporting every complaint in Ajv's words", () => {
    expect(messageOf({ prompt_template: TEMPLATE, items: ['a', 'b'], fork: true })).toBe(
      `Invalid args for tool "AgentSwarm": must have required property 'description'`,
    );
    expect(messageOf({ description: 'd', items: ['a', ''], fork: 'yes', extra: 1 })).toBe(
      `Invalid args for tool "AgentSwarm": must NOT have additional property 'extra'; /items/1 must NOT have fewer than 1 characters; /fork must be boolean`,
    );
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: Array.from({ length: 129 }, (_, k) => `i${k}`), fork: true })).toBe(
      'Invalid args for tool "AgentSwarm": /items must NOT have more than 128 items',
    );
    // The schema does not trim: an item of spaces passes it.
    expect(messageOf({ description: ' ', prompt_template: TEMPLATE, items: ['a', '  '], fork: true })).toBe('fork');
  });

  it('refuses a resume map with fork before anything about items', () => {
    expect(messageOf({ description: 'd', fork: true, resume_agent_ids: { 'agent-1': 'continue' }, subagent_type: 'explore' })).toBe(
      FORK_WITH_RESUME_UNAVAILABLE,
    );
    // An empty map is no resume.
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: ['a', 'b'], fork: true, resume_agent_ids: {} })).toBe('fork');
  });

  it('checks the type and then the model only when there are items to fork', () => {
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: ['a', 'b'], fork: true, subagent_type: 'explore', model: 'x' })).toBe(
      FORK_WITH_TYPE_UNAVAILABLE,
    );
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: ['a', 'b'], fork: true, model: 'x' })).toBe(FORK_WITH_MODEL_UNAVAILABLE);
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: ['a', 'b'], fork: true, subagent_type: 'coder', model: 'primary' })).toBe('fork');
    // No items: the type is never looked at, and the count is what fails.
    expect(messageOf({ description: 'd', fork: true, subagent_type: 'explore' })).toBe(
      'AgentSwarm requires at least 2 items unless resume_agent_ids is provided.',
    );
  });

  it("checks the specs in Kimi's order and words", () => {
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: ['a'], fork: true })).toBe(
      'AgentSwarm requires at least 2 items unless resume_agent_ids is provided.',
    );
    expect(messageOf({ description: 'd', items: ['a', 'b'], fork: true })).toBe('prompt_template is required when items are provided.');
    expect(messageOf({ description: 'd', prompt_template: '   ', items: ['a', 'b'], fork: true })).toBe('prompt_template is required when items are provided.');
    expect(messageOf({ description: 'd', prompt_template: 'Review {item}.', items: ['a', 'b'], fork: true })).toBe(
      'prompt_template must include the {{item}} placeholder.',
    );
    expect(messageOf({ description: 'd', prompt_template: TEMPLATE, items: ['a', 'b', ' a '], fork: true })).toBe(
      'Duplicate subagent prompts from items 1 and 3. AgentSwarm requires distinct subagents.',
    );
  });

  it('names the parameter each refusal is about', () => {
    const result = validateAgentSwarm({ description: 'd', items: ['a', 'b'], fork: true }, caller, 'code-read');
    expect(result).toMatchObject({ ok: false, error: { parameter: 'prompt_template', code: 'template_required' } });
    const schema = validateAgentSwarm({ description: 'd', items: ['a', 'b'], fork: 3 }, caller, 'code-read');
    expect(schema).toMatchObject({ ok: false, error: { parameter: 'fork', code: 'arguments_schema' } });
  });
});
