import { describe, expect, it } from 'vitest';
import { type ContextEntry, contentTerms, recall } from './lexical-recall';

const context: ContextEntry[] = [
  { role: 'user', position: 1, text: 'The deploy password is swordfish-42. Keep it safe.' },
  { role: 'assistant', position: 2, text: 'Noted. I will keep the password safe.' },
  { role: 'user', position: 3, text: 'Now look at the router in src/router.ts.' },
];

describe('recall', () => {
  it('quotes the sentence that shares the rarest terms with the question, and says where it stood', () => {
    expect(recall('What is the deploy password?', context)).toEqual({
      entry: context[0],
      quote: 'The deploy password is swordfish-42.',
      score: expect.any(Number),
      matched: ['deploy', 'password'],
    });
  });

  it('finds nothing when no sentence shares a meaningful term', () => {
    expect(recall('What is the deploy password?', context.slice(2))).toBeNull();
    expect(recall('what is it?', context)).toBeNull();
  });

  it('prefers the later message on a tie', () => {
    const tie: ContextEntry[] = [
      { role: 'user', position: 1, text: 'The colour is blue.' },
      { role: 'user', position: 5, text: 'The colour is green.' },
    ];
    expect(recall('which colour?', tie)?.quote).toBe('The colour is green.');
  });
});

describe('contentTerms', () => {
  it('drops stopwords and keeps hyphenated words and numbers', () => {
    expect(contentTerms('What is the deploy password for build 4417, swordfish-42?')).toEqual(['deploy', 'password', 'build', '4417', 'swordfish-42']);
  });
});
