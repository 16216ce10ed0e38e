import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes every object it reaches, so writes throw', () => {
    const value = deepFreeze({ messages: [{ message: { role: 'user', content: [{ type: 'text', text: 'hi' }] } }] });
    expect(() => {
      (value.messages[0]!.message.content[0] as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(() => value.messages.push({} as never)).toThrow(TypeError);
    expect(value.messages[0]!.message.content[0]!.text).toBe('hi');
  });

  it('handles deep nesting without recursion', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let level = 0; level < 100_000; level += 1) {
      const next: Record<string, unknown> = {};
      deep.next = next;
      deep = next;
    }
    deepFreeze(root);
    expect(Object.isFrozen(deep)).toBe(true);
  });
});
