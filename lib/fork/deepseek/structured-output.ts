import type { ToolDeclaration } from '../transcript/transcript';

/*
 * DeepSeek Harness's structured output, which a fork advertises as a spawn does
 * (`packages/subagent/subagent-in-process-driver/src/structured.ts` at b150a551b8): a request with an
 * `outputSchema` gives the child, and only the child, a `structured_output` tool whose parameters
 * are the schema, and a system-prompt section (order 190) telling it to answer through that tool.
 */

export const STRUCTURED_OUTPUT_TOOL = 'structured_output';

export const STRUCTURED_OUTPUT_DESCRIPTION =
  "Report your final structured result. Call this exactly once, when your answer is complete; the arguments must match this tool's parameter schema exactly.";

export const STRUCTURED_OUTPUT_CONTRACT = `When you have your final answer, you MUST report it by calling the \`${STRUCTURED_OUTPUT_TOOL}\` tool with arguments matching its parameter schema exactly. Do not finish with a plain text answer: only the tool call counts as your result.`;

/** `assertObjectJsonSchema`'s refusal of a schema whose root is not an object (core/tools json-schema.ts). */
export const SCHEMA_NOT_OBJECT = 'unsupported JSON schema: schema.type must be "object" (structured output is object-rooted)';

export function structuredOutputTool(schema: Record<string, unknown>): ToolDeclaration {
  return { name: STRUCTURED_OUTPUT_TOOL, description: STRUCTURED_OUTPUT_DESCRIPTION, inputSchema: structuredClone(schema) };
}

/**
 * The child's system text with the contract section after the rest. The harness orders sections;
 * Fork Lab holds the parent's instruction as one rendered text, so the contract goes last, where
 * order 190 puts it unless a section ordered later follows.
 */
export function withStructuredOutputContract(systemInstruction: string): string {
  return systemInstruction === '' ? STRUCTURED_OUTPUT_CONTRACT : `${systemInstruction}\n\n${STRUCTURED_OUTPUT_CONTRACT}`;
}
