import { describe, expect, it } from 'vitest';
import { InvalidContentError } from '../import-errors';
import type { ImportSource } from '../import-source';
import { importTranscript } from '../import-transcript';
import { openAiResponsesFormat } from './openai-responses';

const json = (value: unknown): ImportSource => ({ shape: 'json', value, bytes: 0 });
const importResponses = (value: unknown) => importTranscript(JSON.stringify(value), { format: 'openai-responses' });
const messagesOf = (result: { transcript: { messages: { message: unknown }[] } }) => result.transcript.messages.map((entry) => entry.message);
const findings = (result: { report: { entries: { action: string; reason: string; fields: string[] }[] } }) =>
  result.report.entries.map(({ action, fields }) => ({ action, fields }));

describe('openAiResponsesFormat.detect', () => {
  it('is certain on Responses items or instructions', () => {
    expect(openAiResponsesFormat.detect(json({ input: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }] }))).toBe(1);
    expect(openAiResponsesFormat.detect(json({ instructions: 'Be brief.', input: 'hi' }))).toBe(1);
    expect(openAiResponsesFormat.detect(json([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }]))).toBe(1);
  });

  it('is nearly certain on its own "input" key, and scores 0 otherwise', () => {
    expect(openAiResponsesFormat.detect(json({ input: [{ role: 'user', content: 'hi' }] }))).toBe(0.9);
    expect(openAiResponsesFormat.detect(json([{ role: 'user', content: 'hi' }]))).toBe(0);
    expect(openAiResponsesFormat.detect(json({ messages: [{ role: 'user', content: 'hi' }] }))).toBe(0);
    expect(openAiResponsesFormat.detect({ shape: 'jsonl', records: [{ line: 1, value: { input: 'hi' } }], bytes: 0 })).toBe(0);
  });
});

describe('openAiResponsesFormat.convert', () => {
  const body = {
    model: 'gpt-5',
    instructions: 'You are a coding agent.',
    store: false,
    input: [
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Use the tools.' }] },
      {
        type: 'message',
        role: 'user',
        id: 'msg_u1',
        content: [
          { type: 'input_text', text: 'List files' },
          { type: 'input_image', image_url: 'https://x/y.png', detail: 'low' },
        ],
      },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Need ls.' }], encrypted_content: 'gAAAA' },
      { type: 'message', role: 'assistant', id: 'msg_a1', content: [{ type: 'output_text', text: 'Listing.', annotations: [] }] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'shell', arguments: '{"cmd":"ls"}' },
      { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'shell', arguments: '{"cmd":"pwd"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'a.txt' },
      { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: '/work' }] },
      { type: 'web_search_call', id: 'ws_1', status: 'completed' },
      { role: 'assistant', content: 'Done.' },
      { role: 'system', content: 'Wrap up.' },
    ],
    tools: [{ type: 'function', name: 'shell', description: 'Run a command', parameters: { type: 'object' }, strict: true }, { type: 'web_search' }],
  };

  it('maps items to ModelMessages, assistant-side runs becoming one message', async () => {
    const result = await importResponses(body);
    expect(messagesOf(result)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'List files' },
          { type: 'image', image: 'https://x/y.png', providerOptions: { openai: { imageDetail: 'low' } } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Need ls.' },
          { type: 'text', text: 'Listing.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'shell', input: { cmd: 'ls' } },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'shell', input: { cmd: 'pwd' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'call_1', toolName: 'shell', output: { type: 'text', value: 'a.txt' } },
          { type: 'tool-result', toolCallId: 'call_2', toolName: 'shell', output: { type: 'content', value: [{ type: 'text', text: '/work' }] } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { role: 'system', content: 'Wrap up.' },
    ]);
    expect(result.transcript.messages.map((message) => message.id).slice(0, 2)).toEqual(['msg_u1', 'rs_1']);
  });

  it('puts instructions and leading developer messages, the model and function tools in the profile', async () => {
    const { transcript } = await importResponses(body);
    expect(transcript.profile.systemInstruction).toBe('You are a coding agent.\n\nUse the tools.');
    expect(transcript.profile.model).toBe('gpt-5');
    expect(transcript.profile.tools).toEqual([{ name: 'shell', description: 'Run a command', inputSchema: { type: 'object' } }]);
  });

  it('reports merges, drops and the encrypted reasoning', async () => {
    const result = await importResponses(body);
    expect(findings(result)).toEqual([
      { action: 'dropped', fields: ['store'] },
      { action: 'dropped', fields: ['input[2].encrypted_content'] },
      { action: 'merged', fields: ['input[2]', 'input[3]', 'input[4]', 'input[5]'] },
      { action: 'dropped', fields: ['input[8]'] },
      { action: 'merged', fields: ['input[6]', 'input[7]'] },
      { action: 'flagged', fields: ['input[10]'] },
      { action: 'merged', fields: ['instructions', 'input[0]'] },
      { action: 'dropped', fields: ['tools[0].strict'] },
      { action: 'dropped', fields: ['tools[1]'] },
    ]);
    expect(result.report.entries[3]?.reason).toMatch(/"web_search_call" item dropped/);
    expect(result.report.entries[1]?.reason).toMatch(/^encrypted reasoning dropped/);
  });

  it('reads a string input as one user message; a body without instructions or tools sent none', async () => {
    const result = await importResponses({ input: 'Hello' });
    expect(messagesOf(result)).toEqual([{ role: 'user', content: 'Hello' }]);
    expect(result.report.entries.map((entry) => entry.reason)).toEqual(['model: not recorded; the child runs on the model picked in Fork Lab']);
  });

  it('says that earlier turns behind previous_response_id are not in the input', async () => {
    const result = await importResponses({ previous_response_id: 'resp_1', input: [{ role: 'user', content: 'and then?' }] });
    expect(result.report.entries.find((entry) => entry.action === 'not-stored' && entry.fields[0] === 'previous_response_id')?.reason).toMatch(
      /not in this input/,
    );
  });

  it.each([
    [{ input: 7 }, 'input', /is a number; expected a string or a list of input items/],
    [{ input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }, 'input[0].call_id', /is missing; expected the call's id/],
    [{ input: [{ type: 'message', role: 'bot', content: 'x' }] }, 'input[0].role', /allowed: user, assistant, system, developer/],
    [{ input: [{ foo: 1 }] }, 'input[0].type', /expected an item type/],
  ])('refuses a wrong type, naming the field (%#)', async (value, field, message) => {
    const error = await importResponses(value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as InvalidContentError).location.field).toBe(field);
    expect((error as InvalidContentError).message).toMatch(message);
  });
});

describe('openAiResponsesFormat: assistant phases', () => {
  it('keeps a message’s phase on its text, as the OpenAI Responses provider sends it back', async () => {
    const result = await importResponses({
      input: [
        { role: 'user', content: 'Fix it.' },
        { type: 'message', role: 'assistant', phase: 'final_answer', content: [{ type: 'output_text', text: 'Fixed.' }] },
        { role: 'user', content: 'Thanks.' },
      ],
    });
    expect(messagesOf(result)[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Fixed.', providerOptions: { openai: { phase: 'final_answer' } } }],
    });
  });
});
