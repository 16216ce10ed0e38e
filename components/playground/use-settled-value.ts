'use client';

import { useEffect, useState } from 'react';

/**
 * A value once it has stopped changing for `ms`: what typing is planned on. The field shows each
 * key at once; the plan waits for a pause, so a keystroke never waits for a plan.
 *
 * A new `subject` (another parent opened) settles at once: the pause is for typing, and waiting
 * out a pause there planned the new parent twice, first with the previous parent's text (a plan
 * of a 70,000-message import is a long task of its own).
 */
export function useSettledValue<T>(value: T, ms: number, subject?: unknown): T {
  const [settled, setSettled] = useState({ value, subject });
  const current = Object.is(settled.subject, subject) ? settled.value : value;
  // Adjusting state while rendering (React's pattern for a prop that changed): this render already
  // returns the new subject's value, and the next starts from it.
  if (!Object.is(settled.subject, subject)) setSettled({ value, subject });
  useEffect(() => {
    if (Object.is(current, value)) return;
    const timer = setTimeout(() => setSettled({ value, subject }), ms);
    return () => clearTimeout(timer);
  }, [value, current, subject, ms]);
  return current;
}
