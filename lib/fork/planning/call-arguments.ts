/**
 * Reading and writing an Agent call whose arguments are the fork parameters under their own names
 * (Qwen's and Kimi's tools): the prompt is the directive, and a parameter the call leaves out stays
 * out, so the runtime's checks see exactly what the model sent.
 */

/** The directive a call carries: its prompt, or nothing when the prompt is not text. */
export function promptOf(input: Readonly<Record<string, unknown>>): string {
  return typeof input.prompt === 'string' ? input.prompt : '';
}

/** The parameters among a call's arguments, as sent. */
export function parametersOf(input: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => name in input).map((name) => [name, input[name]]));
}

/** The call a model would write for a request: its parameters as given, then the prompt. */
export function argumentsOf(params: Readonly<Record<string, unknown>>, directive: string): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)), prompt: directive };
}
