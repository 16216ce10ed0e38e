/** A stable hue per tool call id, so a call and its result share a colour. */
export function pairHue(toolCallId: string): number {
  let hash = 0;
  for (let index = 0; index < toolCallId.length; index += 1) hash = (hash * 31 + toolCallId.charCodeAt(index)) | 0;
  return Math.abs(hash) % 360;
}
