import { describe, expect, it } from 'vitest';
import { FidelityLog } from '../fidelity-report';
import { FormatMismatchError } from '../import-errors';
import type { ImportSource } from '../import-source';
import { type MessageList, REQUEST_SETTING_DROPPED } from './api-body';
import { messageListFormat } from './message-list-format';

const json = (value: unknown): ImportSource => ({ shape: 'json', value, bytes: 0 });
const message = { role: 'user', content: 'hi' };

describe('messageListFormat', () => {
  const seen: MessageList[] = [];
  const format = messageListFormat('openai-chat', 'Chat', {
    bodyKeysRead: new Set(['model', 'messages']),
    detect: (list) => {
      seen.push(list);
      return 0.7;
    },
    convert: (list) => {
      seen.push(list);
      throw new Error('converted');
    },
  });

  it('takes its label from the one table of labels', () => {
    expect(format.label).toBe('OpenAI Chat Completions (messages JSON)');
  });

  it('weighs a bare list or a body with messages, and nothing else', () => {
    seen.length = 0;
    expect(format.detect(json([message]))).toBe(0.7);
    expect(format.detect(json({ model: 'm', messages: [message] }))).toBe(0.7);
    expect(seen).toEqual([
      { messages: [message], body: undefined },
      { messages: [message], body: { model: 'm', messages: [message] } },
    ]);
  });

  it('scores 0 without asking when there is no conversation to read', () => {
    seen.length = 0;
    expect(format.detect(json([]))).toBe(0);
    expect(format.detect(json({ messages: [] }))).toBe(0);
    expect(format.detect(json({ input: 'hi' }))).toBe(0);
    expect(format.detect({ shape: 'jsonl', records: [{ line: 1, value: [message] }], bytes: 0 })).toBe(0);
    expect(seen).toEqual([]);
  });

  it('reports the body settings it does not read before converting the list', () => {
    seen.length = 0;
    const log = new FidelityLog();
    expect(() => format.convert(json({ model: 'm', messages: [message], temperature: 0.2, top_p: null }), log)).toThrow('converted');
    expect(seen).toEqual([{ messages: [message], body: { model: 'm', messages: [message], temperature: 0.2, top_p: null } }]);
    expect(log.entries()).toEqual([{ action: 'dropped', reason: REQUEST_SETTING_DROPPED, lines: [], fields: ['temperature'], count: 1 }]);
  });

  it('refuses what is not a message list, naming the format as its errors do', () => {
    const convert = () => format.convert(json({ input: 'hi' }), new FidelityLog());
    expect(convert).toThrow(FormatMismatchError);
    expect(convert).toThrow(/^This is not Chat: /);
  });
});
