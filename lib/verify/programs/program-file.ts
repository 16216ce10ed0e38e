import { fileURLToPath } from 'node:url';

/**
 * Where one of Fork Lab's driver programs is: in this folder in the repository, and beside the
 * built CLI in the package (the kit's build copies them there). One module resolves them all, so a
 * bundle, which keeps each `import.meta.url` as its own file's, finds every one in one place.
 */
export function programFile(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}
