import type { CodexForkRequest } from './codex-fork-request';
import { rustTrim } from './rust-text';

/** What a spawn takes from its call in place of the parent's: its model, effort and role. */
export function spawnOverrides(params: CodexForkRequest['params']): { model?: string; thinkingLevel?: string; profileName?: string } {
  const agentType = typeof params.agent_type === 'string' ? rustTrim(params.agent_type) : '';
  return {
    ...(typeof params.model === 'string' ? { model: params.model } : {}),
    ...effortOf(params.reasoning_effort),
    ...(agentType !== '' ? { profileName: agentType } : {}),
  };
}

/** The effort a call names, written as a string or in serde's map form (`{"low": null}`), which both decode. */
function effortOf(value: unknown): { thinkingLevel?: string } {
  if (typeof value === 'string') return { thinkingLevel: value };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const [effort] = Object.keys(value);
    if (effort !== undefined) return { thinkingLevel: effort };
  }
  return {};
}
