import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Fork Lab's own samples, written by hand for its tests: one folder per import format, each file as
 * small as the shape it shows (lib/import/fixtures/own/README.md). Data copied from other projects is
 * never committed; the real-data suite reads it from outside the repository.
 */
export const OWN_FIXTURES = path.join(__dirname, '../fixtures/own');

/** The text of a sample, named `<format>/<file>`. */
export function ownFixture(name: string): string {
  return readFileSync(path.join(OWN_FIXTURES, name), 'utf8');
}

/** Every sample, named `<format>/<file>`, with the format its folder says it is written in. */
export function ownFixtureFiles(): { name: string; format: string }[] {
  return readdirSync(OWN_FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(path.join(OWN_FIXTURES, folder.name))
        .filter((file) => /\.jsonl?$/.test(file))
        .map((file) => ({ name: `${folder.name}/${file}`, format: folder.name })),
    );
}
