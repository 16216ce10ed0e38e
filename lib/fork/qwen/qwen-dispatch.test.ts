import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import { dispatchQwenSpawn } from './qwen-dispatch';

const TOP = profile();
const SUBAGENT = profile({ depth: 1 });
const FORK_CHILD = profile({ depth: 1, forkChild: true });

const SPAWN_IN_FORK = {
  kind: 'refused',
  error: {
    parameter: 'subagent_type',
    code: 'spawn_inside_fork',
    message: 'Error: Cannot spawn sub-agents from within a fork. Please execute tasks directly.',
    explanation: 'This agent runs as a fork (its profile has forkChild: true). Qwen refuses every Agent call made inside a fork, a regular subagent too.',
  },
};
const FORK_IN_SUBAGENT = {
  kind: 'refused',
  error: {
    parameter: 'subagent_type',
    code: 'fork_inside_subagent',
    message:
      'Error: subagent_type "fork" is not supported from within a sub-agent. Complete this task directly with your own tools instead of requesting a nested fork.',
    explanation: 'This agent is a sub-agent (depth 1). Qwen forks only from the top-level session.',
  },
};

describe('dispatchQwenSpawn', () => {
  it('top-level session: a fork forks, another type is a regular subagent, a name is a teammate', () => {
    expect(dispatchQwenSpawn({ subagent_type: 'fork' }, { fork: true, forkTurns: 3 }, TOP)).toEqual({ kind: 'fork', forkTurns: 3 });
    expect(dispatchQwenSpawn({ subagent_type: 'general-purpose' }, { fork: false, forkTurns: 'all' }, TOP)).toEqual({
      kind: 'fresh',
      why: 'subagent_type "general-purpose" is a regular subagent',
    });
    expect(dispatchQwenSpawn({}, { fork: false, forkTurns: 'all' }, TOP)).toEqual({ kind: 'fresh', why: 'no subagent_type: a regular subagent' });
    expect(dispatchQwenSpawn({ subagent_type: 'fork', name: 'bob' }, { fork: true, forkTurns: 'all' }, TOP)).toEqual({
      kind: 'fresh',
      why: 'spawns the named teammate "bob"',
    });
  });

  it('routes to a teammate only for a truthy name, as Qwen’s team routing tests it: an empty name forks', () => {
    expect(dispatchQwenSpawn({ subagent_type: 'fork', name: '' }, { fork: true, forkTurns: 'all' }, TOP)).toEqual({ kind: 'fork', forkTurns: 'all' });
  });

  it('inside a fork every spawn is refused, whatever it asks for', () => {
    expect(dispatchQwenSpawn({ subagent_type: 'fork' }, { fork: true, forkTurns: 'all' }, FORK_CHILD)).toEqual(SPAWN_IN_FORK);
    expect(dispatchQwenSpawn({ subagent_type: 'general-purpose' }, { fork: false, forkTurns: 'all' }, FORK_CHILD)).toEqual(SPAWN_IN_FORK);
    expect(dispatchQwenSpawn({ name: 'bob' }, { fork: false, forkTurns: 'all' }, FORK_CHILD)).toEqual(SPAWN_IN_FORK);
  });

  it('a sub-agent that is not a fork may start a regular subagent but not a fork, and its name is ignored', () => {
    expect(dispatchQwenSpawn({ subagent_type: 'fork' }, { fork: true, forkTurns: 'all' }, SUBAGENT)).toEqual(FORK_IN_SUBAGENT);
    expect(dispatchQwenSpawn({ subagent_type: 'fork', name: 'bob' }, { fork: true, forkTurns: 'all' }, SUBAGENT)).toEqual(FORK_IN_SUBAGENT);
    expect(dispatchQwenSpawn({ subagent_type: 'Explore', name: 'bob' }, { fork: false, forkTurns: 'all' }, SUBAGENT)).toEqual({
      kind: 'fresh',
      why: 'subagent_type "Explore" is a regular subagent (name "bob" is ignored: only the top-level session spawns teammates)',
    });
    expect(dispatchQwenSpawn({ subagent_type: 'fork' }, { fork: true, forkTurns: 'all' }, profile({ depth: 2 }))).toMatchObject({
      error: { explanation: 'This agent is a sub-agent (depth 2). Qwen forks only from the top-level session.' },
    });
  });
});
