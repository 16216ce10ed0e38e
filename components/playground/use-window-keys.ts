'use client';

import { useCallback, useEffect } from 'react';
import { runtimeOf, type TurnWindowControl } from '@/lib/fork';
import { type ForkSelection, fieldsOf, withField } from '@/lib/workspace/fork-selection';

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return element !== null && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

interface WindowKeysInput {
  selection: ForkSelection | null;
  /** Rows that are real user turns before the fork point. */
  turns: readonly number[];
  /** Where the planned window starts, if it does. */
  windowStart: number | null;
  cursor: number | null;
  setCursor(index: number | null): void;
  setSelection(update: (selection: ForkSelection) => ForkSelection): void;
  scrollTo(index: number): void;
  launch(): void;
}

/**
 * The keyboard: `j`/`k` move between turns, `[`/`]` fewer/more turns, `a` all, `Enter` launches.
 * What a window key does is the selected runtime's to say (its control description); a runtime
 * without a turn window ignores them. Returns what a click on a turn's badge does.
 */
export function useWindowKeys(input: WindowKeysInput): (index: number) => void {
  const { selection, turns, windowStart, cursor, setCursor, setSelection, scrollTo, launch } = input;

  const setWindow = useCallback(
    (value: (current: string, window: TurnWindowControl) => string) =>
      setSelection((current) => {
        const window = runtimeOf(current.policy).controls.window;
        if (window === undefined) return current;
        return withField(current, window.field, value(fieldsOf(current)[window.field] ?? '', window));
      }),
    [setSelection],
  );

  const startWindowAt = useCallback(
    (index: number) => {
      const position = turns.indexOf(index);
      if (position === -1) return;
      setCursor(index);
      setWindow((_, window) => window.startingAt(turns.length - position));
    },
    [turns, setCursor, setWindow],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (selection === null) return;
      const target = event.target as HTMLElement | null;
      if (event.key === 'Enter' && target?.closest('button, a, summary, [role="button"]') !== null && target !== document.body) return;
      const hasWindow = runtimeOf(selection.policy).controls.window !== undefined;
      const current = cursor ?? (windowStart !== null && turns.includes(windowStart) ? windowStart : (turns.at(-1) ?? null));
      const position = current === null ? -1 : turns.indexOf(current);
      const available = turns.length;
      switch (event.key) {
        case 'j':
        case 'k': {
          if (available === 0) return;
          const next = event.key === 'j' ? Math.min(available - 1, position + 1) : Math.max(0, position === -1 ? available - 1 : position - 1);
          const index = turns[next]!;
          setCursor(index);
          scrollTo(index);
          setWindow((_, window) => window.startingAt(available - next));
          break;
        }
        case '[':
        case ']':
          if (!hasWindow || available === 0) return;
          setCursor(null);
          setWindow((value, window) => (event.key === '[' ? window.fewer(value, available) : window.more(value, available)));
          break;
        case 'a':
          if (!hasWindow) return;
          setCursor(null);
          setWindow((_, window) => window.all);
          break;
        case 'Enter':
          launch();
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selection, cursor, turns, windowStart, launch, setCursor, setWindow, scrollTo]);

  return startWindowAt;
}
