import { describe, expect, it } from 'vitest';
import { captureReadings } from './capture-readings';
import { CaptureStore } from './capture-store';

describe('captureReadings', () => {
  it('reads each capture once per store, and lets go of what a listing no longer reads', async () => {
    const store = new CaptureStore(':memory:');
    let reads = 0;
    const read = async () => {
      reads += 1;
      return null;
    };
    const first = captureReadings(store);
    await first.read('request 1', read);
    await first.read('request 2', read);
    first.release();
    const second = captureReadings(store);
    await second.read('request 1', read);
    second.release();
    expect(reads).toBe(2);
    // Request 2 left the listing: read again when it comes back. Another store reads its own.
    await captureReadings(store).read('request 2', read);
    await captureReadings(new CaptureStore(':memory:')).read('request 1', read);
    expect(reads).toBe(4);
  });
});
