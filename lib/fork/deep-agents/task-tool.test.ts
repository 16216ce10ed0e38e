import { describe, expect, it } from 'vitest';
import { deepAgentsAgentTool } from './deep-agents-agent-tool';
import { taskToolDescription } from './task-tool';

/** The `task` declaration's description in every parent request of deepagents 1.14.1's traffic (verify fork-all, capture 3). */
const SEEN_DESCRIPTION =
  "Launch an ephemeral subagent to handle a complex, multi-step task.\n\nAvailable agent types and the tools they have access to:\n- general-purpose: General-purpose agent for researching complex questions, searching for files and content, and executing multi-step tasks. When you are searching for a keyword or file and are not confident that you will find the right match in the first few tries use this agent to perform the search for you. This agent has access to all tools as the main agent.\n- forker: Continues this conversation as a fork. (inherits your full conversation and system prompt — no need to restate context here)\n\nSpecify subagent_type to select the agent. Usage notes:\n- Launch multiple agents concurrently when their tasks are independent, using a single message with multiple tool calls.\n- Each invocation is stateless by default: the agent sees only the prompt you give it and returns a single final report. Put full detail in the prompt and state exactly what it should return — unless an agent type below says it inherits your conversation instead.\n- The agent's report is not shown to the user; relay a summary yourself.\n- Tell the agent whether to create content, analyze, or only research, since it can't necessarily see the user's intent unless it inherits your conversation, as noted per agent type below.\n- If an agent's description says to use it proactively, do so without waiting to be asked.\n- When only general-purpose is available, use it for any complex, context-heavy task; it has the same capabilities as the main agent.";

describe('the task tool as deepagents 1.14.1 declares it', () => {
  it('is the declaration the parent was sent in its traffic, less the $schema key the provider SDK adds', () => {
    expect(deepAgentsAgentTool.declaration).toEqual({
      name: 'task',
      description: SEEN_DESCRIPTION,
      inputSchema: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'The task to execute with the selected agent' },
          subagent_type: { type: 'string', description: 'Name of the agent to use. Available: general-purpose, forker' },
        },
        required: ['description', 'subagent_type'],
        additionalProperties: false,
      },
    });
  });

  it('notes a compiled fork’s line otherwise, and an isolated subagent’s not at all (seen, verify compiled-fork and not-a-fork)', () => {
    const listing = taskToolDescription([
      { name: 'compiled', description: 'A compiled agent that continues this conversation.', mode: 'fork', compiled: true },
      { name: 'helper', description: 'An isolated helper.', mode: 'isolated', compiled: false },
    ]);
    expect(listing.split('\n').slice(2, 6)).toEqual([
      'Available agent types and the tools they have access to:',
      '- compiled: A compiled agent that continues this conversation. (inherits your conversation history — its system prompt is fixed in its own runnable)',
      '- helper: An isolated helper.',
      '',
    ]);
  });
});
