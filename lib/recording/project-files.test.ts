import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_FILE_CHARS } from '@/lib/fork';
import { ProjectFolderError, projectFileReader } from './project-files';

function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'fork-lab-project-'));
  mkdirSync(path.join(root, '.qwen/fork-profiles'), { recursive: true });
  writeFileSync(path.join(root, '.qwen/fork-profiles/ro.md'), '---\nname: ro\ntools: []\n---\n');
  return root;
}

describe('projectFileReader', () => {
  it('reads the asked paths that exist, and leaves out the rest', () => {
    const read = projectFileReader(project());
    expect(read(['.qwen/fork-profiles/ro.md', '.qwen/fork-profiles/missing.md'])).toEqual({ '.qwen/fork-profiles/ro.md': '---\nname: ro\ntools: []\n---\n' });
  });

  it('reads each path once for the check it serves: the calls of one listing see the same file', () => {
    const root = project();
    const read = projectFileReader(root);
    const first = read(['.qwen/fork-profiles/ro.md']);
    writeFileSync(path.join(root, '.qwen/fork-profiles/ro.md'), 'changed');
    expect(read(['.qwen/fork-profiles/ro.md'])).toEqual(first);
    expect(projectFileReader(root)(['.qwen/fork-profiles/ro.md'])).toEqual({ '.qwen/fork-profiles/ro.md': 'changed' });
  });

  it('reads nothing outside the folder: no parent steps, no absolute paths, no link that leads out, no folder', () => {
    const root = project();
    const outside = project();
    symlinkSync(path.join(outside, '.qwen/fork-profiles/ro.md'), path.join(root, '.qwen/fork-profiles/out.md'));
    const read = projectFileReader(root);
    expect(
      read([
        '../x',
        path.join(outside, '.qwen/fork-profiles/ro.md'),
        '.qwen/fork-profiles/out.md',
        '.qwen/fork-profiles',
        '.qwen/../.qwen/fork-profiles/ro.md',
      ]),
    ).toEqual({});
  });

  it('reads no more of a file than a request carries', () => {
    const root = project();
    writeFileSync(path.join(root, 'big.md'), 'x'.repeat(PROJECT_FILE_CHARS + 10));
    expect(projectFileReader(root)(['big.md'])['big.md']).toHaveLength(PROJECT_FILE_CHARS);
  });

  it('says what it takes when the folder is not one', () => {
    const root = project();
    expect(() => projectFileReader('relative/folder')).toThrow(
      new ProjectFolderError('project must be an absolute path to the folder the runtime ran in; got relative/folder.'),
    );
    expect(() => projectFileReader(path.join(root, 'nope'))).toThrow(`project must be a folder on this machine: ${path.join(root, 'nope')} cannot be read.`);
    expect(() => projectFileReader(path.join(root, '.qwen/fork-profiles/ro.md'))).toThrow('is a file.');
  });
});
