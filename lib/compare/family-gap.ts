/** The longest gap a family forecast takes: a day, past every provider's longest cache lifetime. */
export const MAX_GAP_SECONDS = 86_400;

/**
 * Why a typed gap between a family's children is not one the forecast can use, or null when it
 * is: a whole number of seconds from 0 to a day. Said, not clamped, so the person sees what was
 * taken and what was not.
 */
export function gapError(typed: string): string | null {
  const value = typed.trim();
  if (/^\d+$/.test(value) && Number(value) <= MAX_GAP_SECONDS) return null;
  const shown = typed.length > 20 ? `${typed.slice(0, 20)}…` : typed;
  return `“${shown}” is not a gap: a whole number of seconds from 0 to ${MAX_GAP_SECONDS.toLocaleString('en-US')} (a day).`;
}
