import { type ForkPolicy, type ForkRequest, parseForkRequest, RUNTIME_VERSION_FIELD, runtimeOf, type ToolDeclaration } from '@/lib/fork';

/**
 * The Agent tool as a runtime declares it to its model. Parameter names and types are the
 * runtime's own, so a model (or a person) calls it the way it would there, and invalid values
 * come back as that runtime's errors.
 */
export function agentToolDeclaration(policy: ForkPolicy): ToolDeclaration {
  return runtimeOf(policy).agentTool.declaration;
}

/**
 * The fork request an Agent call makes: its values passed through as the model wrote them.
 * `settings` are the runtime's choices that are not call arguments (which notice version, say),
 * the release whose rules to plan by among them.
 */
export function forkRequestFromCall(policy: ForkPolicy, input: unknown, settings: Readonly<Record<string, string>> = {}): ForkRequest {
  const args = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const request = runtimeOf(policy).agentTool.requestFromCall(args, settings);
  const version = settings[RUNTIME_VERSION_FIELD];
  return parseForkRequest(version === undefined || version === '' ? request : { ...request, runtimeVersion: version });
}
