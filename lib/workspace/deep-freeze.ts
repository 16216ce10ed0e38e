/**
 * Freeze a value and everything it reaches, so an accidental write to a stored history throws (in
 * strict-mode code, which all modules are) instead of silently changing a parent or a child.
 * Typed arrays cannot be frozen and are left as they are; transcripts hold binary as base64 text.
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || Object.isFrozen(next) || ArrayBuffer.isView(next)) continue;
    Object.freeze(next);
    for (const key of Object.keys(next)) pending.push((next as Record<string, unknown>)[key]);
  }
  return value;
}
