import { describe, expect, it } from 'vitest';
import { InvalidContentError } from '../import-errors';
import { toolDeclarationOf, toolNameAt } from './tool-declaration';

const errorOf = (run: () => unknown): InvalidContentError => {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidContentError) return error;
    throw error;
  }
  throw new Error('expected an InvalidContentError');
};

describe('toolDeclarationOf', () => {
  it('reads the name, the description and the schema under the key the API uses', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } } };
    expect(toolDeclarationOf('API', { name: 'read_file', description: 'Read a file', parameters: schema }, 'tools[0]', 'parameters')).toEqual({
      name: 'read_file',
      description: 'Read a file',
      inputSchema: schema,
    });
    expect(toolDeclarationOf('API', { name: 'grep', input_schema: schema, parameters: 'ignored' }, 'tools[1]', 'input_schema')).toEqual({
      name: 'grep',
      inputSchema: schema,
    });
    expect(toolDeclarationOf('API', { name: 'noop', description: null, parameters: null }, 'tools[2]', 'parameters')).toEqual({ name: 'noop' });
  });

  it('refuses a schema that is not an object, naming its field', () => {
    const error = errorOf(() => toolDeclarationOf('API', { name: 'f', input_schema: [] }, 'tools[3]', 'input_schema'));
    expect(error.location.field).toBe('tools[3].input_schema');
    expect(error.message).toBe('API: tools[3].input_schema is a list; expected a JSON Schema object.');
  });
});

describe('toolNameAt', () => {
  it('refuses a missing or empty name, since no call could name the tool', () => {
    expect(toolNameAt('API', 'read_file', 'tools[0].name')).toBe('read_file');
    expect(errorOf(() => toolNameAt('API', undefined, 'tools[0].name')).message).toBe("API: tools[0].name is missing; expected the tool's name.");
    expect(errorOf(() => toolNameAt('API', '', 'tools[1].name')).message).toBe('API: tools[1].name is ""; a tool needs a non-empty name.');
  });
});
