import { describe, expect, it } from 'vitest';
import { compareReleases, type RuntimeVersions, versionForRelease } from './runtime-version';

const LINES: RuntimeVersions = [
  { id: '0.24', label: '0.24', from: '0.24.0', source: 'x' },
  { id: '0.23', label: 'before', source: 'y' },
];

describe('runtime versions', () => {
  it('orders releases by number, not by text', () => {
    expect(compareReleases('0.24.4', '0.24.10')).toBeLessThan(0);
    expect(compareReleases('2.1.328', '2.1.88')).toBeGreaterThan(0);
    expect(compareReleases('0.24', '0.24.0')).toBe(0);
    expect(compareReleases('next', '0.24.0')).toBeNull();
  });

  it('reads a release by the newest line that starts at or before it; older ones by the oldest line', () => {
    expect(versionForRelease(LINES, '0.24.4').id).toBe('0.24');
    expect(versionForRelease(LINES, '0.25.0').id).toBe('0.24');
    expect(versionForRelease(LINES, '0.23.9').id).toBe('0.23');
    expect(versionForRelease(LINES, 'nightly').id).toBe('0.24');
  });
});
