/**
 * A release line of a runtime whose fork rules and texts hold together: Fork Lab reproduces each
 * line as it was read or seen, and a plan says which one it reproduces.
 */
export interface RuntimeVersion {
  /** How a request and a plan name it: `0.24`, `2.1.328`, `code-read`. */
  id: string;
  /** How a picker shows it. */
  label: string;
  /** The first release it holds for (`0.24.0`); none for the oldest line, or where no release says. */
  from?: string;
  /** The release a real run showed it in (`verify`), beside what was read in code or docs. */
  seenIn?: string;
  /** Where its rules come from, in a few words. */
  source: string;
}

/** A runtime's versions, newest first: the first is what a request gets when it names none. */
export type RuntimeVersions = readonly [RuntimeVersion, ...RuntimeVersion[]];

function parts(release: string): number[] | null {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(release.trim());
  return match === null ? null : [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/** Order two releases (`0.24.4` < `0.24.10`); null when either is not a release number. */
export function compareReleases(a: string, b: string): number | null {
  const left = parts(a);
  const right = parts(b);
  if (left === null || right === null) return null;
  for (let index = 0; index < 3; index++) if (left[index] !== right[index]) return left[index]! - right[index]!;
  return 0;
}

/**
 * The version whose rules hold for a release: the newest line that starts at or before it. A
 * release older than every line's start gets the oldest line; one that is no release, the newest.
 */
export function versionForRelease(versions: RuntimeVersions, release: string): RuntimeVersion {
  if (parts(release) === null) return versions[0];
  for (const version of versions) {
    if (version.from === undefined || (compareReleases(release, version.from) ?? -1) >= 0) return version;
  }
  return versions[versions.length - 1]!;
}
