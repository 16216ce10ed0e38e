import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type ModelMessage, modelMessageSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '@/lib/fork';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A history as a child's call sends it: messages that live on after the call (a registered parent's). */
function history(size: number): ModelMessage[] {
  return deepFreeze(
    Array.from({ length: size }, (_, index): ModelMessage => {
      if (index % 3 === 0) return { role: 'user', content: `Step ${index}: read src/module-${index}.ts.` };
      if (index % 3 === 1) {
        return {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Read it first.', providerOptions: { anthropic: { signature: 'c2ln' } } },
            { type: 'tool-call', toolCallId: `call-${index}`, toolName: 'Read', input: { file_path: `src/module-${index}.ts` } },
          ],
        };
      }
      return {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: `call-${index - 1}`, toolName: 'Read', output: { type: 'text', value: 'export const a = 1;' } }],
      };
    }),
  );
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    if (ref.deref() === undefined) return true;
  }
  return false;
}

describe('validating a prompt keeps nothing of it once the call is over', () => {
  // The AI SDK validates every call's messages with `z.array(modelMessageSchema)`. Zod 4.5+'s
  // cycle memoizer kept the last parse's context on each recursive schema, and with it a parsed
  // copy of every message (and the union's issues) for as long as the input lived — which, for a
  // child sharing its registered parent's frozen messages, is as long as the parent: 2.4× the
  // parent's heap on a 10,000-message session. patches/zod+4.6.7.patch drops that cache
  // (colinhacks/zod#6557; #6572 made the state weak, which frees it only when the input dies).
  it('no parsed message outlives the parse while the messages live on', async () => {
    const messages = history(300);
    let parsed: ModelMessage[] | undefined = z.array(modelMessageSchema).parse(messages);
    const refs = [0, 1, 2, 299].map((index) => new WeakRef(parsed![index] as object));
    const parts = new WeakRef((parsed[1] as { content: object[] }).content[1]!);
    parsed = undefined;

    for (const ref of [...refs, parts]) expect(await collected(ref)).toBe(true);
    expect(messages).toHaveLength(300);
  });

  it('a parse still refuses what the schema refuses, and accepts a later valid one', () => {
    const messages = history(6);
    expect(() => z.array(modelMessageSchema).parse([...messages, { role: 'tool', content: 'not parts' }])).toThrow();
    expect(z.array(modelMessageSchema).parse(messages)).toEqual(messages);
  });
});
