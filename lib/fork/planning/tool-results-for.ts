import type { ToolModelMessage, ToolOutput } from '../transcript/transcript';

/** One tool message answering each of `calls` with the same output: how a runtime closes calls it will not run. */
export function toolResultsFor(calls: readonly { toolCallId: string; toolName: string }[], output: ToolOutput): ToolModelMessage {
  return {
    role: 'tool',
    content: calls.map((call) => ({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output })),
  };
}
