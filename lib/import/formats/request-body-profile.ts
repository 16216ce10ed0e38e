import type { AgentProfile, ToolDeclaration } from '@/lib/fork';
import type { FidelityLog } from '../fidelity-report';
import { importedProfile } from '../imported-profile';
import { optionalStringAt } from './api-body';

export interface RequestBodyParts {
  systemInstruction(): string | undefined;
  tools(): ToolDeclaration[] | undefined;
  /**
   * Whether the input holds a system prompt even without a body around it: OpenAI Chat's system
   * messages are in the list itself, while Anthropic's and Responses' prompt is a body field.
   */
  holdsSystemInstruction: boolean;
}

/**
 * The profile of an API request body: its `model`, its system instruction and the tools it
 * declares. A bare message list has no body, so it declares no tools. The parts are read after the
 * model, so that when both are wrong the error names the model, in every format alike.
 */
export function requestBodyProfile(label: string, body: Record<string, unknown> | undefined, log: FidelityLog, parts: RequestBodyParts): AgentProfile {
  const model = optionalStringAt(label, body?.model, 'model');
  const systemInstruction = parts.systemInstruction();
  const tools = parts.tools();
  return importedProfile({ model, systemInstruction, tools }, log, label, { systemInstruction: parts.holdsSystemInstruction, tools: body !== undefined });
}
