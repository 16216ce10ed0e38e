'use client';

import { useEffect, useState } from 'react';

/**
 * A value once it has stopped changing for `ms`: what typing is planned on. The field shows each
 * key at once; the plan waits for a pause, so a keystroke never waits for a plan.
 */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
