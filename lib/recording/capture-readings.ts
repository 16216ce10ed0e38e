import type { CaptureStore } from './capture-store';
import type { CapturedConversation } from './captured-conversation';

type Reading = Promise<CapturedConversation | null>;

const readings = new WeakMap<CaptureStore, Map<string, Reading>>();

/**
 * Captured requests read back as conversations once each, per store: the captures page asks every
 * 2 s, a request body never changes once kept, and an answer is keyed by when it ended. Readings
 * of captures that have left the listing are let go, so the memo holds one listing's worth.
 */
export function captureReadings(store: CaptureStore) {
  let memo = readings.get(store);
  if (memo === undefined) {
    memo = new Map();
    readings.set(store, memo);
  }
  const known = memo;
  const used = new Set<string>();
  return {
    read(key: string, read: () => Reading): Reading {
      used.add(key);
      let reading = known.get(key);
      if (reading === undefined) {
        reading = read();
        known.set(key, reading);
      }
      return reading;
    },
    /** Forget what this listing did not read. */
    release(): void {
      for (const key of known.keys()) if (!used.has(key)) known.delete(key);
    },
  };
}
