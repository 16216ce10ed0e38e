/** A message of the Messages API, as the scripted runtime keeps its session. */
export interface SessionMessage {
  role: 'user' | 'assistant';
  content: readonly Record<string, unknown>[];
}

/** How the scripted runtime forks wrongly, when asked to. */
export type Mistake = 'lost-tools' | 'twice' | string | undefined;

/** One user turn: the prompt, then the model's steps until it answers without a tool call; the session as it stands after. */
export function runtimeTurn(options: { baseUrl: string; history?: readonly SessionMessage[]; prompt: string; mistake?: Mistake }): Promise<SessionMessage[]>;

/** A session with one fork, against Fork Lab at `baseUrl`. */
export function runScriptedRuntime(options: { baseUrl: string; mistake?: Mistake }): Promise<void>;
