import { describe, expect, it } from 'vitest';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import { planFork, SYSTEM_INSTRUCTION_REPLACED } from './plan-fork';
import type { ForkRequest } from './runtimes';

const parent = parentOf([user('u1', 'Find the bug'), assistant('a1', 'Looking.'), user('u2', 'Go on')]);
const request: ForkRequest = { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true } };

describe('a child system instruction a person tries', () => {
  it("replaces the runtime's, says so, and breaks the cache prefix at the system instruction", () => {
    const plain = planFork(parent, request);
    expect(plain.cache).toMatchObject({ systemMatches: true, reusableMessages: 3 });

    const tried = planFork(parent, { ...request, childSystemInstruction: 'You are a forked worker.' });
    expect(tried.child?.systemInstruction).toBe('You are a forked worker.');
    expect(tried.cache).toEqual({ ...plain.cache, systemMatches: false, reusableMessages: 0 });
    expect(tried.warnings).toEqual([...plain.warnings, SYSTEM_INSTRUCTION_REPLACED]);
    expect(tried.child?.initialMessages).toEqual(plain.child?.initialMessages);
  });

  it("changes nothing when it is the runtime's own", () => {
    const plain = planFork(parent, request);
    expect(planFork(parent, { ...request, childSystemInstruction: plain.child!.systemInstruction })).toEqual(plain);
  });
});
