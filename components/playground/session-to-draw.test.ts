import { describe, expect, it } from 'vitest';
import type { ParentSession } from '@/lib/workspace/workspace';
import { sessionToDraw } from './session-to-draw';

const session = (id: string, forkTurns: string): ParentSession =>
  ({ id, title: id, selection: { policy: 'qwen-fork-turns', params: { fork_turns: forkTurns } }, children: [] }) as unknown as ParentSession;

describe('sessionToDraw', () => {
  it('within a session, draws the deferred copy with the live selection', () => {
    const deferred = session('a', '3');
    const live = { ...deferred, selection: session('a', '4').selection };
    expect(sessionToDraw(deferred, deferred)).toBe(deferred);
    expect(sessionToDraw(live, deferred)).toEqual({ ...deferred, selection: live.selection });
  });

  it('keeps the session on screen whole, its own selection too, until the transition has drawn another', () => {
    const shown = session('a', '3');
    const next = session('b', '1');
    expect(sessionToDraw(next, shown)).toBe(shown);
    expect(sessionToDraw(next, next)).toBe(next);
  });

  it('draws nothing until the first session restored has been drawn, and nothing once there is none', () => {
    expect(sessionToDraw(session('a', '3'), null)).toBeNull();
    expect(sessionToDraw(null, session('a', '3'))).toBeNull();
  });
});
