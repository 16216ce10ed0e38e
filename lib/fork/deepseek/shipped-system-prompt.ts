/*
 * How a 0.1 child's system prompt follows from its parent's. The harness renders the prompt from
 * named sections (dsh-system-prompt); Fork Lab holds the parent's as the one text it sent, so the
 * sections a child changes are found by their own words.
 */

/** The deployment persona's section (`deployment:persona`, order 0): what a persona replaces, and nothing else. */
const PERSONA_SECTION = /(^|\n\n)You are a coding agent powered by [^\n]*(?=\n\n|$)/;

/**
 * The parent's prompt with its persona section replaced by the fork's persona; the whole prompt
 * replaced when it has no such section (a parent the harness did not render).
 */
export function withPersona(systemInstruction: string, persona: string): string {
  const found = PERSONA_SECTION.exec(systemInstruction);
  if (found === null) return persona;
  return `${systemInstruction.slice(0, found.index)}${found[1]}${persona}${systemInstruction.slice(found.index + found[0].length)}`;
}

/**
 * The prompt without the sections of tools the child may not run: a continuable background tool
 * contributes `tool:<name>` ("Use <name> in the background by default. …", dsh-tool-subagent),
 * which renders empty once the tool is out of the scope.
 */
export function withoutToolSections(systemInstruction: string, removed: readonly string[]): string {
  return systemInstruction
    .split('\n\n')
    .filter((section) => !removed.some((tool) => section.startsWith(`Use ${tool} in the background by default.`)))
    .join('\n\n');
}
