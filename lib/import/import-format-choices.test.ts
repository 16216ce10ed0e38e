import { describe, expect, it } from 'vitest';
import { IMPORT_FORMATS } from './formats';
import { IMPORT_FORMAT_IDS } from './import-format';
import { IMPORT_FORMAT_CHOICES } from './import-format-choices';

describe('IMPORT_FORMAT_CHOICES', () => {
  it('names every importer by its own id and label, and nothing else', () => {
    const byId = (list: readonly { id: string; label: string }[]) => Object.fromEntries(list.map(({ id, label }) => [id, label]));
    expect(byId(IMPORT_FORMAT_CHOICES)).toEqual(byId(IMPORT_FORMATS));
    expect([...IMPORT_FORMAT_CHOICES.map((choice) => choice.id)].sort()).toEqual([...IMPORT_FORMAT_IDS].sort());
  });
});
