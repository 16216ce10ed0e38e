import type { ToolOutput } from '@/lib/fork';

/**
 * A tool result as the text a provider request carries: text as it is, a denial in the AI SDK
 * providers' own wording when it gives no reason, anything else as JSON.
 */
export function toolResultText(output: ToolOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
    default:
      return JSON.stringify(output.value);
  }
}
