import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, readSourceFiles, type SourceFile } from './import-graph';
import { isServerOnlyPackage, LIB_LAYERS } from './layers';

const root = path.resolve(__dirname, '../..');
const files = readSourceFiles(root, ['lib', 'app', 'components', 'e2e']);
const byPath = new Map(files.map((file) => [file.path, file]));

/** lib's folder of a file (`lib/wire/x.ts` → `wire`), or null outside lib. */
const libFolder = (file: string) => (file.startsWith('lib/') ? file.split('/')[1]! : null);
/** Test helpers (`testing/` folders) build fixtures from any layer; they ship in no bundle and serve no request. */
const isTestHelper = (file: string) => file.split('/').includes('testing');

describe('the layers of lib', () => {
  it('names every folder of lib once', () => {
    const named = LIB_LAYERS.flatMap((layer) => layer.folders);
    const present = [...new Set(files.flatMap((file) => libFolder(file.path) ?? []).filter((folder) => !folder.includes('.')))];
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(present.sort());
  });

  it('imports only from its own layer and the layers below, and never from app, components or e2e', () => {
    const layerOf = new Map(LIB_LAYERS.flatMap((layer, rank) => layer.folders.map((folder) => [folder, rank] as const)));
    const offenders: string[] = [];
    for (const file of files) {
      const from = libFolder(file.path);
      if (from === null || isTestHelper(file.path)) continue;
      for (const { target } of file.imports) {
        if (target === null) continue;
        const to = libFolder(target);
        if (to === null) offenders.push(`${file.path} imports ${target}`);
        else if (layerOf.get(to)! > layerOf.get(from)!)
          offenders.push(`${file.path} (${LIB_LAYERS[layerOf.get(from)!]!.name}) imports ${target} (${LIB_LAYERS[layerOf.get(to)!]!.name})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('has no two folders that import each other, even through others', () => {
    const folderGraph: SourceFile[] = [];
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      const from = libFolder(file.path);
      if (from === null || isTestHelper(file.path)) continue;
      for (const { target } of file.imports) {
        const to = target === null ? null : libFolder(target);
        if (to !== null && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    for (const [folder, targets] of edges)
      folderGraph.push({ path: folder, directive: null, imports: [...targets].map((target) => ({ target, specifier: target, typeOnly: false })) });
    expect(importCycles(folderGraph)).toEqual([]);
  });
});

describe('the imports of lib, app, components and e2e', () => {
  it('form no cycle, counting imports of types', () => {
    expect(importCycles(files)).toEqual([]);
  });

  it('keep the browser from what only a server may run: no client module reaches one through the code it runs', () => {
    const offenders: string[] = [];
    for (const client of files.filter((file) => file.directive === 'use client')) {
      const seen = new Set([client.path]);
      const queue: { path: string; via: string[] }[] = [{ path: client.path, via: [] }];
      while (queue.length > 0) {
        const { path: current, via } = queue.shift()!;
        for (const entry of byPath.get(current)?.imports ?? []) {
          if (entry.typeOnly) continue;
          const chain = [client.path, ...via, current].filter((step, index, all) => all.indexOf(step) === index);
          if (entry.target === null) {
            if (isServerOnlyPackage(entry.specifier)) offenders.push(`${chain.join(' → ')} → ${entry.specifier}`);
            continue;
          }
          // A server action is called from the browser by reference: Next sends none of its code.
          if (byPath.get(entry.target)?.directive === 'use server' || seen.has(entry.target)) continue;
          seen.add(entry.target);
          queue.push({ path: entry.target, via: [...via, current] });
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keep the server-only folders out of components, whatever their files say', () => {
    const serverFolders = ['lib/fork-service/', 'lib/api/', 'lib/sqlite/', 'lib/agent/run-', 'lib/recording/capture-store', 'lib/recording/capture-manager'];
    const offenders = files
      .filter((file) => file.path.startsWith('components/'))
      .flatMap((file) =>
        file.imports
          .filter((entry) => !entry.typeOnly && serverFolders.some((folder) => entry.target?.startsWith(folder)))
          .map((entry) => `${file.path} imports ${entry.target}`),
      );
    expect(offenders).toEqual([]);
  });
});
