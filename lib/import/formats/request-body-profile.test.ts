import { describe, expect, it } from 'vitest';
import { FidelityLog } from '../fidelity-report';
import { InvalidContentError } from '../import-errors';
import { requestBodyProfile } from './request-body-profile';

const reasons = (log: FidelityLog) => log.entries().map((entry) => entry.reason);

describe('requestBodyProfile', () => {
  it('takes the model, system instruction and tools of a body', () => {
    const log = new FidelityLog();
    const profile = requestBodyProfile('API', { model: 'gpt-5' }, log, {
      systemInstruction: () => 'Be brief.',
      tools: () => [{ name: 'read_file' }],
      holdsSystemInstruction: true,
    });
    expect(profile).toMatchObject({ model: 'gpt-5', systemInstruction: 'Be brief.', tools: [{ name: 'read_file' }] });
    expect(reasons(log)).toEqual([]);
  });

  it('says what a bare list cannot hold: no tools, and a system prompt only where the format keeps it in the list', () => {
    const inList = new FidelityLog();
    requestBodyProfile('API', undefined, inList, { systemInstruction: () => undefined, tools: () => undefined, holdsSystemInstruction: true });
    expect(reasons(inList)).toEqual([
      'tool schemas: not stored in this format (API); the child is declared no tools',
      'model: not recorded; the child runs on the model picked in Fork Lab',
    ]);
    const inBody = new FidelityLog();
    requestBodyProfile('API', undefined, inBody, { systemInstruction: () => undefined, tools: () => undefined, holdsSystemInstruction: false });
    expect(reasons(inBody)[0]).toBe('system prompt: not stored in this format (API); the child gets none');
  });

  it('reads the model before the other parts, so a bad model is the error named', () => {
    const bad = () => {
      throw new Error('read too early');
    };
    expect(() => requestBodyProfile('API', { model: 5 }, new FidelityLog(), { systemInstruction: bad, tools: bad, holdsSystemInstruction: true })).toThrow(
      InvalidContentError,
    );
  });
});
