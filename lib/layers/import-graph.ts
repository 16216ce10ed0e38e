import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * The repository's own imports, read from the source text: what the layer test (import-graph.test.ts)
 * walks to keep the folders' order, the browser's side of the server line and the absence of cycles.
 * Node-only and used by tests alone.
 */

/** One import of a source file: the file it names, or the package, and whether it vanishes at build time. */
export interface SourceImport {
  /** Repository-relative path of the imported file, or null for a package (`specifier` says which). */
  target: string | null;
  specifier: string;
  /** `import type`, or every name in the braces marked `type`: erased before the code runs. */
  typeOnly: boolean;
}

export interface SourceFile {
  path: string;
  imports: SourceImport[];
  /** The file's first statement is `'use client'` or `'use server'`. */
  directive: 'use client' | 'use server' | null;
}

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:(\{[^}]*\})|[^'";]*?)\s*from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;

function sourcePaths(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return name === 'node_modules' || name.startsWith('.') ? [] : sourcePaths(root, relative);
    return SOURCE.test(name) && !TEST.test(name) ? [relative] : [];
  });
}

function resolved(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  throw new Error(`${from}: '${specifier}' names no file`);
}

function everyNameTyped(braces: string | undefined): boolean {
  if (braces === undefined) return false;
  const names = braces
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The source files (tests left out) of the given top folders, each with its imports. */
export function readSourceFiles(root: string, folders: readonly string[]): SourceFile[] {
  return folders.flatMap((folder) =>
    sourcePaths(root, folder).map((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      const imports = [...text.matchAll(IMPORT)].map((match) => {
        const specifier = (match[3] ?? match[4])!;
        return { target: resolved(root, file, specifier), specifier, typeOnly: match[1] !== undefined || everyNameTyped(match[2]) };
      });
      const first = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(['"])(use client|use server)\1/.exec(text);
      return { path: file, imports, directive: (first?.[2] as SourceFile['directive']) ?? null };
    }),
  );
}

/** Import cycles among the files (Tarjan's strongly connected components of two files or more, or one importing itself). */
export function importCycles(files: readonly SourceFile[]): string[][] {
  const edges = new Map(files.map((file) => [file.path, [...new Set(file.imports.flatMap((entry) => (entry.target === null ? [] : [entry.target])))]]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge]!;
        frame.edge += 1;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || targets.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}
