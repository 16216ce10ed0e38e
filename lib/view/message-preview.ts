import type { ModelMessage } from '@/lib/fork';

/** One readable line per part of a message, for timelines and previews. Never HTML: callers render text. */
export function previewParts(message: ModelMessage): string[] {
  const content = message.content as unknown;
  if (typeof content === 'string') return [content];
  const lines: string[] = [];
  for (const part of content as { type: string; [key: string]: unknown }[]) {
    switch (part.type) {
      case 'text':
        lines.push(String(part.text));
        break;
      case 'reasoning':
        lines.push(`(reasoning) ${String(part.text)}`);
        break;
      case 'image':
        lines.push(`[image${part.mediaType ? ` ${String(part.mediaType)}` : ''}]`);
        break;
      case 'file':
        lines.push(`[file ${String(part.filename ?? '')} ${String(part.mediaType ?? '')}]`.replace(/\s+]/, ']'));
        break;
      case 'tool-call':
        lines.push(`${String(part.toolName)}(${JSON.stringify(part.input)})`);
        break;
      case 'tool-result':
        lines.push(`${String(part.toolName)} → ${outputText(part.output)}`);
        break;
      default:
        lines.push(`[${part.type}]`);
    }
  }
  return lines;
}

function outputText(output: unknown): string {
  const value = output as { type?: string; value?: unknown; reason?: string } | undefined;
  if (value === undefined) return '';
  switch (value.type) {
    case 'text':
    case 'error-text':
      return String(value.value);
    case 'execution-denied':
      return `denied${value.reason ? `: ${value.reason}` : ''}`;
    default:
      return JSON.stringify(value.value ?? value);
  }
}

/** The whole preview as one string. */
export function previewText(message: ModelMessage): string {
  return previewParts(message).join('\n');
}
