import { describe, expect, it } from 'vitest';
import { FidelityLog } from '../fidelity-report';
import { LEADING_SYSTEM_MERGED } from './api-body';
import { LeadingSystem } from './leading-system';

describe('LeadingSystem', () => {
  it('lets system messages lead until the first other message, and none after it', () => {
    const system = new LeadingSystem();
    expect([true, true, false, true, false].map((isSystem) => system.leads(isSystem))).toEqual([true, true, false, false, false]);
  });

  it('joins what led with a blank line and reports each place when there were several', () => {
    const system = new LeadingSystem();
    system.add('You are a coding agent.', 'instructions');
    system.add('Use the tools.', 'input[0]');
    const log = new FidelityLog();
    expect(system.instruction(log)).toBe('You are a coding agent.\n\nUse the tools.');
    expect(log.entries()).toEqual([{ action: 'merged', reason: LEADING_SYSTEM_MERGED, lines: [], fields: ['instructions', 'input[0]'], count: 2 }]);
  });

  it('keeps a single text as it is, unreported, and has no instruction when nothing led', () => {
    const one = new LeadingSystem();
    one.add('Be brief.', 'messages[0]');
    const log = new FidelityLog();
    expect(one.instruction(log)).toBe('Be brief.');
    expect(new LeadingSystem().instruction(log)).toBeUndefined();
    expect(log.entries()).toEqual([]);
  });
});
