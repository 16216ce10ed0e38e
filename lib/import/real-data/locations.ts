import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';

/*
 * Transcripts copied from other projects' public repositories are test data Fork Lab must not
 * commit. The workplace keeps them beside the repository, in `../shared/`; a clone without that
 * folder skips the real-data suite.
 */

/** The repository's root, where the CLI runs and from which `shown` paths are written. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface RealDataFolder {
  /** The folder as a path from the repository's root: what the suite prints, and what the CLI is given. */
  shown: string;
  dir: string;
  present: boolean;
}

function folder(shown: string): RealDataFolder {
  const dir = path.resolve(REPO_ROOT, shown);
  return { shown, dir, present: existsSync(dir) };
}

/** Samples in the formats Fork Lab reads, with provenance and licences in its README.md. */
export const REAL_FIXTURES = folder('../shared/fixtures/real');
/** A second corpus, disjoint from the first: one folder per format, the refusals expected among them. */
export const REAL_SESSIONS = folder('../shared/real-data/sessions');

/** The text of `<folder>/<file>` under `place`, read when a test runs: at collection the folder may be absent. */
export function realText(place: RealDataFolder, name: string): string {
  return readFileSync(path.join(place.dir, name), 'utf8');
}

/** `<folder>/<file>` for every data file in the format folders of `place`; none when it is absent. */
export function realFiles(place: RealDataFolder): string[] {
  if (!place.present) return [];
  return readdirSync(place.dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(place.dir, entry.name))
        .filter((file) => /\.jsonl?$/.test(file))
        .map((file) => `${entry.name}/${file}`),
    );
}

/**
 * A suite over one real-data folder: skipped, saying why, on a checkout without it (CI on a clean
 * machine), so its absence is seen rather than silently passing.
 */
export function realDataSuite(place: RealDataFolder, checks: () => void): void {
  if (!place.present) console.log(`real-data suite skipped: ${place.shown} not found`);
  describe.skipIf(!place.present)(`real data in ${place.shown}`, checks);
}
