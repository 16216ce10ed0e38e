import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRAM } from './deep-agents-fork-request';
import { duplicateName, keyOrder, rosterOf } from './subagent-roster';

describe('the subagents a deep agent holds', () => {
  it('puts general-purpose first, then the fork and the isolated ones', () => {
    expect(rosterOf(DEFAULT_PROGRAM)).toEqual([
      { name: 'general-purpose', mode: 'isolated', compiled: false },
      { name: 'forker', mode: 'fork', compiled: false },
    ]);
    expect(rosterOf({ fork: { name: 'compiled', kind: 'compiled' }, isolated: ['helper'] }).map((entry) => [entry.name, entry.mode, entry.compiled])).toEqual([
      ['general-purpose', 'isolated', false],
      ['compiled', 'fork', true],
      ['helper', 'isolated', false],
    ]);
  });

  it('has no default general-purpose when the program names a subagent so', () => {
    expect(rosterOf({ fork: { name: 'forker', kind: 'declarative' }, isolated: ['general-purpose'] }).map((entry) => entry.name)).toEqual([
      'forker',
      'general-purpose',
    ]);
  });

  it('lists names as Object.keys does: index-like ones first, smallest first', () => {
    expect(keyOrder(rosterOf({ fork: { name: 'forker', kind: 'declarative' }, isolated: ['10', 'helper', '2', '02'] }))).toEqual([
      '2',
      '10',
      'general-purpose',
      'forker',
      'helper',
      '02',
    ]);
  });

  it('finds a name given twice', () => {
    expect(duplicateName(rosterOf({ fork: { name: 'helper', kind: 'declarative' }, isolated: ['helper'] }))).toBe('helper');
    expect(duplicateName(rosterOf(DEFAULT_PROGRAM))).toBeNull();
  });
});
