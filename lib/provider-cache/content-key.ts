/**
 * A short key for a JSON value: equal content, equal key. FNV-1a over the JSON text in two 32-bit
 * halves, plus the length; a collision would only make Fork Lab predict a hit that is not one, and
 * needs two different messages of equal length with equal 64-bit hashes.
 */
export function contentKey(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  let low = 0x811c9dc5;
  let high = 0xcbf29ce4;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ (code + index), 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}:${low.toString(36)}${high.toString(36)}`;
}
