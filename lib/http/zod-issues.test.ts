import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssues } from './zod-issues';

describe('zodIssues', () => {
  it('writes array indexes in brackets, under the prefix', () => {
    const schema = z.strictObject({ messages: z.array(z.strictObject({ content: z.string() })) });
    const result = schema.safeParse({ messages: [{ content: 'a' }, { content: 1 }], extra: true });
    expect(result.success).toBe(false);
    expect(zodIssues(result.error!, ['transcript']).map((issue) => issue.path)).toEqual(['transcript.messages[1].content', 'transcript']);
    expect(zodIssues(result.error!).map((issue) => issue.path)).toEqual(['messages[1].content', '']);
  });
});
