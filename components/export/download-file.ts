/** Save text as a file through the browser's download, with a name a person can find again. */
export function downloadFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; the URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `Refactor the parser` → `refactor-the-parser`: a file-name-safe slug. */
export function fileSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'fork-lab' : slug;
}

export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
