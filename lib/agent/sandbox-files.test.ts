import { describe, expect, it } from 'vitest';
import { SandboxError, SandboxFiles } from './sandbox-files';

describe('SandboxFiles', () => {
  it('lists, reads, writes and searches in memory', () => {
    const files = new SandboxFiles({ 'a.md': 'alpha\nbeta', 'src/b.ts': 'const beta = 1;' });
    expect(files.list()).toEqual(['a.md', 'src/b.ts']);
    expect(files.list('src')).toEqual(['src/b.ts']);
    expect(files.read('./a.md')).toBe('alpha\nbeta');
    expect(files.write('src/c.ts', 'x\ny')).toBe('Created src/c.ts (2 lines).');
    expect(files.write('src/c.ts', 'z')).toBe('Updated src/c.ts (1 lines).');
    expect(files.search('beta')).toEqual(['a.md:2: beta', 'src/b.ts:1: const beta = 1;']);
  });

  it('refuses paths outside the workspace and missing files with what is allowed', () => {
    const files = new SandboxFiles({ 'a.md': '' });
    expect(() => files.read('../etc/passwd')).toThrow(SandboxError);
    expect(() => files.read('/etc/passwd')).toThrow('"/etc/passwd" is not a path inside the workspace');
    expect(() => files.read('b.md')).toThrow('There is no file "b.md". Files: a.md.');
    expect(() => files.write('c.md', 42)).toThrow('content must be a string');
    expect(() => files.search('')).toThrow('query must be a non-empty string');
  });
});
