/**
 * JSON for a workspace, re-using the text of big frozen parts that have not changed. Histories in
 * the store are frozen and replaced (never edited) on change, so object identity means content
 * identity: a parent's transcript or a child's plan is stringified once, and a change of the fork
 * controls re-serialises a few hundred bytes instead of megabytes.
 */
const cache = new WeakMap<object, string>();
const CACHED_KEYS = new Set(['transcript', 'plan', 'bootstrap', 'ownMessages']);

export function cachedJson(value: unknown): string {
  const parts: string[] = [];
  // A fresh nonce per call: a string in the data can never be mistaken for a placeholder.
  const nonce = Math.random().toString(36).slice(2);
  const skeleton = JSON.stringify(value, (key, member: unknown) => {
    if (CACHED_KEYS.has(key) && member !== null && typeof member === 'object' && Object.isFrozen(member)) {
      let text = cache.get(member);
      if (text === undefined) {
        text = JSON.stringify(member);
        cache.set(member, text);
      }
      parts.push(text);
      return `@cached:${nonce}:${parts.length - 1}`;
    }
    return member;
  });
  if (parts.length === 0) return skeleton;
  return skeleton.replace(new RegExp(`"@cached:${nonce}:(\\d+)"`, 'g'), (_, index: string) => parts[Number(index)]!);
}
