/** A model's answer to one request, in the neutral shape each API's answer writer takes. */
export interface ModelReply {
  id: string;
  model: string;
  text: string;
  /** `namespace`: the Responses namespace the tool is declared in, which the call names beside the tool. */
  toolCalls: { id: string; name: string; namespace?: string; input: string }[];
  inputTokens: number;
  outputTokens: number;
}
