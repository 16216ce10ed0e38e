/**
 * `data:image/png;base64,AAAA` → its media type and base64 payload; undefined for anything else (a
 * URL, or a data URL that is not base64). Importers split data URLs so that the same image reads
 * the same whichever format carried it.
 */
export function splitDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/is.exec(url);
  if (match === null) return undefined;
  return { mediaType: match[1] || 'application/octet-stream', data: match[3]! };
}
