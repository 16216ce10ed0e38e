import { describe, expect, it } from 'vitest';
import { toolResultText } from './tool-result-text';

describe('toolResultText', () => {
  it('keeps text and error text as written', () => {
    expect(toolResultText({ type: 'text', value: 'a.txt' })).toBe('a.txt');
    expect(toolResultText({ type: 'error-text', value: 'ENOENT' })).toBe('ENOENT');
  });

  it("gives a denial's reason, or the providers' wording when it has none", () => {
    expect(toolResultText({ type: 'execution-denied', reason: 'Not in this repo.' })).toBe('Not in this repo.');
    expect(toolResultText({ type: 'execution-denied' })).toBe('Tool call execution denied.');
  });

  it('writes structured output as JSON', () => {
    expect(toolResultText({ type: 'json', value: { files: ['a.txt'] } })).toBe('{"files":["a.txt"]}');
    expect(toolResultText({ type: 'error-json', value: { code: 2 } })).toBe('{"code":2}');
    expect(toolResultText({ type: 'content', value: [{ type: 'text', text: 'hi' }] })).toBe('[{"type":"text","text":"hi"}]');
  });
});
