/** The colours every chart gives a cache's three kinds of input token, so a reader learns them once. */
export const CACHE_TONES = {
  read: '#1f7a3a',
  written: '#9a6700',
  uncached: '#8c959f',
} as const;

/** How a chart labels a token count: whole tokens (a prediction may share a prefix fractionally), with thousands separators. */
export const thousands = (value: unknown) => (typeof value === 'number' ? Math.round(value).toLocaleString('en-US') : String(value));
