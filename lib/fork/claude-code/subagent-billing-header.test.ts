import { describe, expect, it } from 'vitest';
import { subagentSystemInstruction } from './subagent-billing-header';

describe('subagentSystemInstruction', () => {
  it('adds cc_is_subagent=true after cc_entrypoint, cch and cc_workload, before the per-request fields (2.1.328)', () => {
    expect(subagentSystemInstruction('x-anthropic-billing-header: cc_version=2.1.328.032; cc_entrypoint=sdk-cli;\n\nYou are a Claude agent.')).toBe(
      'x-anthropic-billing-header: cc_version=2.1.328.032; cc_entrypoint=sdk-cli; cc_is_subagent=true;\n\nYou are a Claude agent.',
    );
    expect(
      subagentSystemInstruction('x-anthropic-billing-header: cc_version=2.1.328.abc; cc_entrypoint=cli; cch=00000; cc_workload=ci; cc_prev_req=req_1;'),
    ).toBe('x-anthropic-billing-header: cc_version=2.1.328.abc; cc_entrypoint=cli; cch=00000; cc_workload=ci; cc_is_subagent=true; cc_prev_req=req_1;');
  });

  it('leaves a system prompt without the billing line, or already marked, as it is', () => {
    expect(subagentSystemInstruction('You are a careful coding agent.')).toBe('You are a careful coding agent.');
    const marked = 'x-anthropic-billing-header: cc_version=2.1.328.032; cc_entrypoint=cli; cc_is_subagent=true;\n\nx';
    expect(subagentSystemInstruction(marked)).toBe(marked);
  });
});
