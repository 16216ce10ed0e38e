import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_FILE_CHARS } from '@/lib/fork';

/** Why a folder cannot be read as a project. */
export class ProjectFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectFolderError';
  }
}

/**
 * A reader of the files a runtime reads from the project it ran in (Qwen's fork profiles), for the
 * fork check to plan a call with them. It reads only the paths a runtime asks for, only inside the
 * folder (a link that leads out reads as missing), only regular files, and no more of each than a
 * request can carry: a larger file arrives cut, and still over the runtime's own limit.
 */
export function projectFileReader(folder: string): (paths: readonly string[]) => Record<string, string> {
  if (!path.isAbsolute(folder)) throw new ProjectFolderError(`project must be an absolute path to the folder the runtime ran in; got ${folder.slice(0, 200)}.`);
  let root: string;
  try {
    root = realpathSync(folder);
    if (!statSync(root).isDirectory()) throw new ProjectFolderError(`project must be a folder: ${folder.slice(0, 200)} is a file.`);
  } catch (error) {
    if (error instanceof ProjectFolderError) throw error;
    throw new ProjectFolderError(`project must be a folder on this machine: ${folder.slice(0, 200)} cannot be read.`);
  }
  // One reader serves one check: every call that names the same profile reads the disk once.
  const read = new Map<string, string | null>();
  return (paths) => {
    const files: Record<string, string> = {};
    for (const wanted of paths) {
      if (!read.has(wanted)) read.set(wanted, readInside(root, wanted));
      const text = read.get(wanted)!;
      if (text !== null) files[wanted] = text;
    }
    return files;
  };
}

function readInside(root: string, wanted: string): string | null {
  if (path.isAbsolute(wanted) || wanted.split(/[\\/]/).includes('..')) return null;
  try {
    const real = realpathSync(path.join(root, wanted));
    const relative = path.relative(root, real);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative) || !statSync(real).isFile()) return null;
    const buffer = Buffer.alloc(PROJECT_FILE_CHARS);
    const descriptor = openSync(real, 'r');
    try {
      return buffer.subarray(0, readSync(descriptor, buffer, 0, buffer.length, 0)).toString('utf8');
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
}
