import type { FidelityLog } from '../fidelity-report';
import { LEADING_SYSTEM_MERGED } from './api-body';

/**
 * The system messages before the conversation starts, after a request's own system option (the
 * AI SDK's `system`, Responses' `instructions`). They become the profile's one system instruction:
 * a runtime puts its system prompt there, and the engine's startup rules read it from the profile,
 * as the runtime would. A system message after the first other message stays where it is.
 */
export class LeadingSystem {
  private readonly texts: string[] = [];
  private readonly fields: string[] = [];
  private started = false;

  /** Whether a message still leads: the first one that is not a system message starts the conversation. */
  leads(isSystem: boolean): boolean {
    if (!isSystem) this.started = true;
    return !this.started;
  }

  add(text: string, field: string): void {
    this.texts.push(text);
    this.fields.push(field);
  }

  /** The texts joined by a blank line (each place reported when there were several), or undefined when there were none. */
  instruction(log: FidelityLog): string | undefined {
    if (this.fields.length > 1) for (const field of this.fields) log.add('merged', LEADING_SYSTEM_MERGED, { field });
    return this.texts.length === 0 ? undefined : this.texts.join('\n\n');
  }
}
