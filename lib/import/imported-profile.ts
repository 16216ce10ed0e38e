import { type AgentProfile, type ToolDeclaration, UNNAMED_PROFILE } from '@/lib/fork';
import type { FidelityLog } from './fidelity-report';

/** The model Fork Lab runs an imported parent's children on unless the person picks another. */
export const UNKNOWN_MODEL = 'unknown';

/**
 * The profile of an imported parent. What the format does not store is said in the report rather
 * than invented: an empty system instruction and no tools are what the child will then receive.
 */
export function importedProfile(
  stored: { agentId?: string; model?: string; systemInstruction?: string; tools?: ToolDeclaration[] },
  log: FidelityLog,
  label: string,
  /**
   * What this input would hold if it had it: a request body that has no system prompt or no tools
   * sent none, which is nothing lost and nothing to report.
   */
  holds: { systemInstruction?: boolean; tools?: boolean } = {},
): AgentProfile {
  if (stored.systemInstruction === undefined && holds.systemInstruction !== true) {
    log.add('not-stored', `system prompt: not stored in this format (${label}); the child gets none`);
  }
  if (stored.tools === undefined && holds.tools !== true) {
    log.add('not-stored', `tool schemas: not stored in this format (${label}); the child is declared no tools`);
  }
  if (stored.model === undefined) {
    log.add('not-stored', `model: not recorded; the child runs on the model picked in Fork Lab`);
  }
  return {
    agentId: stored.agentId || 'imported',
    name: UNNAMED_PROFILE,
    systemInstruction: stored.systemInstruction ?? '',
    tools: stored.tools ?? [],
    model: stored.model || UNKNOWN_MODEL,
    depth: 0,
  };
}
