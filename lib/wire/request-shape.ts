/**
 * The provider API a request body is shaped for: Anthropic Messages, OpenAI Chat Completions,
 * OpenAI Responses, Gemini generateContent or Bedrock Converse. Each has a folder of its own here.
 */
export type RequestShape = 'messages' | 'chat' | 'responses' | 'gemini' | 'converse';
