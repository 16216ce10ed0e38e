/** Blocks of a Messages answer in which Anthropic's server ran code: its call, its result, and text. */
export const serverCall = (id: string, command: string) => ({ type: 'server_tool_use', id, name: 'bash_code_execution', input: { command } });

export const serverResult = (id: string, stdout: string) => ({
  type: 'bash_code_execution_tool_result',
  tool_use_id: id,
  content: { type: 'bash_code_execution_result', stdout, stderr: '', return_code: 0 },
});

export const textBlock = (words: string) => ({ type: 'text', text: words });
