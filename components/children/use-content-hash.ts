'use client';

import { useEffect, useState } from 'react';
import { contentHash } from '@/lib/json/content-hash';

/** The SHA-256 content hash of a value, recomputed when the value (by identity) changes. */
export function useContentHash(value: unknown): string | null {
  const [hash, setHash] = useState<{ of: unknown; hash: string } | null>(null);
  useEffect(() => {
    let current = true;
    void contentHash(value).then((next) => {
      if (current) setHash({ of: value, hash: next });
    });
    return () => {
      current = false;
    };
  }, [value]);
  return hash !== null && hash.of === value ? hash.hash : null;
}
