import { describe, expect, it } from 'vitest';
import { FidelityLog } from '../fidelity-report';
import { InvalidContentError } from '../import-errors';
import { assistantPartsOf, type PartsContext, userSideOf } from './gemini-parts';

const contextOf = (log: FidelityLog): PartsContext => ({ log, place: { field: 'history[1]' }, callId: (index) => `call-${index}` });
const dropped = (log: FidelityLog) => log.entries().map((entry) => [entry.action, entry.reason, entry.fields]);

describe('Gemini parts a side cannot carry', () => {
  const serverCode = { executableCode: { language: 'PYTHON', code: 'print(1)' } };
  const unknown = { videoMetadata: { startOffset: '1s' } };

  it('drops a function response in a model reply, server-run code and unknown parts, saying which', () => {
    const log = new FidelityLog();
    const parts = assistantPartsOf([{ text: 'Done.' }, { functionResponse: { name: 'f', response: {} } }, serverCode, unknown], contextOf(log));
    expect(parts).toEqual([{ type: 'text', text: 'Done.' }]);
    expect(dropped(log)).toEqual([
      ['dropped', 'functionResponse in a model reply: a tool result belongs to a user turn, so it cannot be carried here', ['history[1]']],
      ['dropped', 'Gemini part "executableCode": code the Gemini API ran on its own servers; another model cannot replay it', ['history[1]']],
      ['dropped', 'Gemini part of an unknown kind: not mapped', ['history[1]']],
    ]);
  });

  it('drops a function call in a user turn, server-run code and unknown parts, saying which', () => {
    const log = new FidelityLog();
    const side = userSideOf([{ text: 'Go.' }, { functionCall: { name: 'f', args: {} } }, serverCode, unknown], contextOf(log));
    expect(side).toEqual({ content: [{ type: 'text', text: 'Go.' }], responses: [] });
    expect(dropped(log)).toEqual([
      ['dropped', 'functionCall in a user turn: only the model makes calls, so it cannot be carried here', ['history[1]']],
      ['dropped', 'Gemini part "executableCode": code the Gemini API ran on its own servers; another model cannot replay it', ['history[1]']],
      ['dropped', 'Gemini part of an unknown kind: not mapped', ['history[1]']],
    ]);
  });

  it('refuses a part that is not an object, on either side', () => {
    for (const read of [assistantPartsOf, userSideOf]) {
      expect(() => read([{ text: 'a' }, 'b'], contextOf(new FidelityLog()))).toThrow(
        new InvalidContentError('history[1]: part 1 is not an object.', { field: 'history[1]' }),
      );
    }
  });
});
