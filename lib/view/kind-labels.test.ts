import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import { assistant, reminder, user } from '@/lib/scenarios/transcript-builders';
import { kindLabel } from './kind-labels';

describe('kindLabel', () => {
  it('numbers the turns a window counts, marks a continuing prompt, and says when a prompt is not counted', () => {
    const messages = [
      reminder('r', 'cwd: /repo'),
      user('u1', 'Set up the repo.'),
      assistant('a1', 'Got it. Thanks for the context!'),
      user('u2', 'Now test it.'),
      user('u3', 'And lint it.'),
      assistant('a2', 'Done.'),
      user('u4', 'Ship it.'),
    ];
    expect(classifyMessages(messages).map(kindLabel)).toEqual([
      'startup',
      'user turn (not counted)',
      'assistant',
      'user turn -2',
      'user turn -2 (continued)',
      'assistant',
      'user turn -1',
    ]);
  });
});
