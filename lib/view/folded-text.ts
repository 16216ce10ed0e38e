/** How much of a message a list shows before it folds the rest behind "Show all". */
export interface FoldLimits {
  characters: number;
  lines: number;
}

/**
 * The part of a text a list shows folded: its first `characters` characters and `lines` lines,
 * whichever ends first; null when the whole text fits. A message folds instead of scrolling in a
 * box of its own, so a list of messages is one scroll area, and a 50 kB tool result is not laid
 * out until someone asks for it.
 */
export function foldedText(text: string, limits: FoldLimits): string | null {
  let end = Math.min(text.length, limits.characters);
  let newline = -1;
  for (let line = 0; line < limits.lines; line++) {
    newline = text.indexOf('\n', newline + 1);
    if (newline === -1 || newline >= end) break;
    if (line === limits.lines - 1) end = newline;
  }
  return end >= text.length ? null : text.slice(0, end);
}
