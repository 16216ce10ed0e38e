import { type ForkRequest, runtimeOf } from '@/lib/fork';

const WORDS = 6;
const CHARS = 48;

/** The first few words of a text, on one line, marked when cut. */
function firstWords(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const head = words.slice(0, WORDS).join(' ');
  const cut = head.length > CHARS ? `${head.slice(0, CHARS - 1).trimEnd()}…` : words.length > WORDS ? `${head}…` : head;
  return cut;
}

/**
 * What a person reads a child by: the call's own name for it (Qwen's and Claude Code's
 * description, Codex's task name, as each runtime declares) unless it is the playground's default,
 * else the directive's first words; then
 * the window it was given when the runtime's window is a count of turns. `ordinal` numbers it
 * among its parent's children, when the caller knows how many there are.
 */
export function childName(request: ForkRequest, ordinal?: number): string {
  const { controls } = runtimeOf(request.policy);
  const params = request.params as Readonly<Record<string, unknown>>;
  const parameter = controls.nameParameter;
  const named = parameter === undefined ? undefined : params[parameter];
  // A name left at the playground's default ("Fork", "worker") tells children apart less than their task does.
  const own = typeof named === 'string' && named.trim() !== '' && named !== controls.defaults[parameter!];
  const label = (own ? firstWords(named) : firstWords(request.directive)) || 'child';
  const field = controls.window?.field;
  const window = field === undefined ? undefined : params[field];
  return `${ordinal === undefined ? '' : `#${ordinal} `}${label}${typeof window === 'string' ? ` · ${field} ${window}` : ''}`;
}
