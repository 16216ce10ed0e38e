import { describe, expect, it } from 'vitest';
import { FidelityLog } from '../fidelity-report';
import { ImportError, InvalidContentError } from '../import-errors';
import { importTranscript } from '../import-transcript';
import { convertResponsesItem, type ItemContext } from './responses-items';

/*
 * Codex rollouts and Responses bodies hold the same items, so each case imports the same items
 * both ways and expects one answer: a drift between the two importers fails here.
 */

type Outcome = { messages: unknown[]; ids: string[]; findings: string[] } | { refused: string; message: string };

const T = '2025-11-17T21:30:28.608Z';
const GO = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Go' }] };
const user = (content: unknown) => ({ role: 'user', content });
const assistant = (...content: unknown[]) => ({ role: 'assistant', content });
const call = (callId: string, extra: object = {}) => ({ type: 'function_call', call_id: callId, name: 'shell', arguments: '{}', ...extra });
const toolCall = (toolCallId: string, input: unknown = {}, toolName = 'shell') => ({ type: 'tool-call', toolCallId, toolName, input });
const toolResult = (toolCallId: string, output: unknown, toolName = 'shell') => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId, toolName, output }],
});

async function outcome(text: string, format: 'codex' | 'openai-responses'): Promise<Outcome> {
  try {
    const { transcript, report } = await importTranscript(text, { format });
    return {
      messages: transcript.messages.map(({ message }) => message),
      ids: transcript.messages.map(({ id }) => id),
      findings: report.entries.filter(({ action }) => action !== 'not-stored').map(({ action, reason }) => `${action}: ${reason}`),
    };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { refused: error.code, message: error.message };
  }
}

/** The same items as Codex rollout lines and as a Responses body's `input`. */
async function importBothWays(items: readonly object[]): Promise<{ codex: Outcome; responses: Outcome }> {
  const rollout = items.map((payload) => JSON.stringify({ timestamp: T, type: 'response_item', payload })).join('\n');
  return { codex: await outcome(rollout, 'codex'), responses: await outcome(JSON.stringify({ input: items }), 'openai-responses') };
}

async function expectMessages(items: readonly object[], messages: unknown[]): Promise<{ codex: Outcome; responses: Outcome }> {
  const both = await importBothWays(items);
  expect(both.codex).toMatchObject({ messages });
  expect(both.responses).toMatchObject({ messages });
  return both;
}

async function expectRefused(items: readonly object[], message: RegExp): Promise<void> {
  const { codex, responses } = await importBothWays(items);
  expect(codex).toMatchObject({ refused: 'invalid-content', message: expect.stringMatching(message) });
  expect(responses).toMatchObject({ refused: 'invalid-content', message: expect.stringMatching(message) });
}

function expectFindings(both: { codex: Outcome; responses: Outcome }, findings: RegExp[]): void {
  for (const result of [both.codex, both.responses]) {
    const listed = 'findings' in result ? result.findings : [];
    for (const finding of findings) expect(listed, String(finding)).toContainEqual(expect.stringMatching(finding));
  }
}

describe('Responses items, read the same way from a Codex rollout and a Responses body', () => {
  it('takes a custom tool call input as the string Codex and the API write, and refuses any other value', async () => {
    const patch = { type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '*** Begin Patch' };
    await expectMessages([GO, patch], [user([{ type: 'text', text: 'Go' }]), assistant(toolCall('c1', '*** Begin Patch', 'apply_patch'))]);
    await expectRefused([GO, { ...patch, input: { patch: '*** Begin Patch' } }], /input is an object; a custom tool takes free-form text/);
    await expectRefused([GO, { ...patch, input: undefined }], /input/);
  });

  it('carries a Codex agent message as a user message of its texts, an encrypted part as the text it holds, and says so', async () => {
    const header = 'Message Type: NEW_TASK\nTask name: /root/notes\nSender: /root\nPayload:\n';
    const task = { type: 'agent_message', id: 'amsg_1', author: '/root', recipient: '/root/notes' };
    const both = await expectMessages(
      [
        {
          ...task,
          content: [
            { type: 'input_text', text: header },
            { type: 'encrypted_content', encrypted_content: 'Say what notes.txt holds' },
          ],
        },
        { ...task, content: [{ type: 'input_text', text: `${header}Say it again` }] },
      ],
      [
        user([
          { type: 'text', text: header },
          { type: 'text', text: 'Say what notes.txt holds' },
        ]),
        user([{ type: 'text', text: `${header}Say it again` }]),
      ],
    );
    expectFindings(both, [/agent message \(between Codex agents\) carried as a user message/, /encrypted_content carried as text/]);
    await expectRefused([{ ...task, content: 'plain' }], /content/);
    await expectRefused([{ ...task, content: [{ type: 'output_text', text: 'x' }] }], /allowed: input_text, encrypted_content/);
  });

  it('refuses a call without a call id or a tool name', async () => {
    await expectRefused([GO, call('')], /call_id/);
    await expectRefused([GO, call('c1', { name: '' })], /name/);
    await expectRefused([GO, { type: 'custom_tool_call', call_id: 'c1', input: 'x' }], /name/);
  });

  it('carries a local shell call as a local_shell tool call, answered by the output that names it', async () => {
    const action = { type: 'exec', command: ['ls'] };
    await expectMessages(
      [
        GO,
        { type: 'local_shell_call', call_id: 'c1', status: 'completed', action },
        { type: 'function_call_output', call_id: 'c1', output: 'a.txt' },
        // Made through Chat Completions, a local shell call has only its `id`.
        { type: 'local_shell_call', id: 'ls_2', status: 'completed', action },
        { type: 'local_shell_call_output', id: 'ls_2', output: '{"stdout":"b.txt"}' },
      ],
      [
        user([{ type: 'text', text: 'Go' }]),
        assistant(toolCall('c1', action, 'local_shell')),
        toolResult('c1', { type: 'text', value: 'a.txt' }, 'local_shell'),
        assistant(toolCall('ls_2', action, 'local_shell')),
        toolResult('ls_2', { type: 'text', value: '{"stdout":"b.txt"}' }, 'local_shell'),
      ],
    );
  });

  it('reads the short forms: string content, and a {role, content} item without a type', async () => {
    await expectMessages(
      [
        { role: 'user', content: 'Hi' },
        { type: 'message', role: 'assistant', content: 'Hello' },
      ],
      [user('Hi'), assistant({ type: 'text', text: 'Hello' })],
    );
    await expectRefused([GO, { call_id: 'c1' }], /type/);
  });

  it('reads a tool output as a string, content items, {content, success} or one content item, and refuses anything else', async () => {
    const pdf = { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBER' };
    await expectMessages(
      [
        GO,
        call('c1'),
        call('c2'),
        call('c3'),
        { type: 'function_call_output', call_id: 'c1', output: { content: 'boom', success: false } },
        { type: 'function_call_output', call_id: 'c2', output: { type: 'input_text', text: 'one' } },
        { type: 'custom_tool_call_output', call_id: 'c3', output: [pdf, { type: 'input_text', text: 'two' }] },
      ],
      [
        user([{ type: 'text', text: 'Go' }]),
        assistant(toolCall('c1'), toolCall('c2'), toolCall('c3')),
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'shell', output: { type: 'error-text', value: 'boom' } },
            { type: 'tool-result', toolCallId: 'c2', toolName: 'shell', output: { type: 'content', value: [{ type: 'text', text: 'one' }] } },
            {
              type: 'tool-result',
              toolCallId: 'c3',
              toolName: 'shell',
              output: {
                type: 'content',
                value: [
                  { type: 'file-data', data: 'JVBER', mediaType: 'application/pdf', filename: 'a.pdf' },
                  { type: 'text', text: 'two' },
                ],
              },
            },
          ],
        },
      ],
    );
    await expectRefused([GO, call('c1'), { type: 'function_call_output', call_id: 'c1', output: 7 }], /output is a number/);
    await expectRefused([GO, call('c1'), { type: 'function_call_output', call_id: 'c1', output: [7] }], /output\[0\] is a number/);
    await expectRefused([GO, call('c1'), { type: 'function_call_output', call_id: 'c1' }], /output/);
  });

  it('makes one reasoning part of an item, its summary over raw text, and refuses a summary entry without text', async () => {
    const both = await expectMessages(
      [
        GO,
        {
          type: 'reasoning',
          summary: [
            { type: 'summary_text', text: 'First.' },
            { type: 'summary_text', text: '' },
            { type: 'summary_text', text: 'Second.' },
          ],
          content: [{ type: 'reasoning_text', text: 'raw' }],
        },
        { type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'Only raw.' }] },
      ],
      [user([{ type: 'text', text: 'Go' }]), assistant({ type: 'reasoning', text: 'First.\n\nSecond.' }, { type: 'reasoning', text: 'Only raw.' })],
    );
    expectFindings(both, [/^dropped: raw reasoning content beside its summary/]);
    await expectRefused([GO, { type: 'reasoning', summary: ['First.'] }], /summary\[0\]\.text/);
  });

  it('maps message parts alike: text of any name, images, files, refusals; reports what it leaves out', async () => {
    const both = await expectMessages(
      [
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look' },
            { type: 'text', text: 'here' },
            { type: 'input_image', image_url: 'https://x/y.png', detail: 'high' },
            { type: 'input_image', image_url: null, detail: 'auto' },
            { type: 'input_file', filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBER' },
            { type: 'input_audio', input_audio: { data: 'UklG', format: 'wav' } },
          ],
        },
        {
          type: 'message',
          role: 'assistant',
          content: [
            { type: 'output_text', text: 'See', annotations: [{ type: 'url_citation', url: 'https://x' }] },
            { type: 'refusal', refusal: 'No.' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVBOR' },
          ],
        },
      ],
      [
        user([
          { type: 'text', text: 'Look' },
          { type: 'text', text: 'here' },
          { type: 'image', image: 'https://x/y.png', providerOptions: { openai: { imageDetail: 'high' } } },
          { type: 'file', data: 'JVBER', mediaType: 'application/pdf', filename: 'a.pdf' },
        ]),
        assistant({ type: 'text', text: 'See' }, { type: 'text', text: 'No.' }, { type: 'file', data: 'iVBOR', mediaType: 'image/png' }),
      ],
    );
    expectFindings(both, [
      /^dropped: input_image without an image_url/,
      /^dropped: message content item "input_audio"/,
      /^dropped: output_text annotations/,
      /^merged: assistant refusal kept as text/,
    ]);
    await expectRefused([{ type: 'message', role: 'user', content: [{ text: 'x' }] }], /content\[0\]\.type/);
    await expectRefused([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 7 }] }], /content\[0\]\.text/);
  });

  it('leaves out a message with nothing to carry; a user message still ends the model response before it', async () => {
    const both = await expectMessages(
      [
        GO,
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'A' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_image', image_url: null }] },
        { type: 'message', role: 'assistant', content: [] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'B' }] },
      ],
      [user([{ type: 'text', text: 'Go' }]), assistant({ type: 'text', text: 'A' }), assistant({ type: 'text', text: 'B' })],
    );
    expectFindings(both, [/^dropped: user message with nothing Fork Lab can carry/, /^dropped: assistant message with nothing Fork Lab can carry/]);
  });

  it('carries a later developer message as a system message, its text parts a blank line apart', async () => {
    const both = await expectMessages(
      [
        GO,
        {
          type: 'message',
          role: 'developer',
          content: [
            { type: 'input_text', text: 'Sandbox: read-only.' },
            { type: 'input_image', image_url: 'https://x/y.png' },
            { type: 'input_text', text: 'Approvals: never.' },
          ],
        },
      ],
      [user([{ type: 'text', text: 'Go' }]), { role: 'system', content: 'Sandbox: read-only.\n\nApprovals: never.' }],
    );
    expectFindings(both, [
      /^dropped: developer message content that is not text/,
      /^merged: developer message text parts joined/,
      /^guessed: developer message mapped to a system message/,
      /^flagged: system message after the conversation started/,
    ]);
  });

  it('names a message after the item that opened it', async () => {
    const { codex, responses } = await importBothWays([
      { ...GO, id: 'u1' },
      { type: 'reasoning', id: 'rs1', summary: [{ type: 'summary_text', text: 'Plan.' }] },
      call('c1', { id: 'fc1' }),
      call('c2', { id: 'fc2' }),
      { type: 'function_call_output', id: 'out1', call_id: 'c1', output: 'a' },
      { type: 'function_call_output', id: 'out2', call_id: 'c2', output: 'b' },
    ]);
    expect(codex).toMatchObject({ ids: ['u1', 'rs1', 'out1'] });
    expect(responses).toMatchObject({ ids: ['u1', 'rs1', 'out1'] });
  });

  it("leaves out hosted tools' items and items kept on OpenAI's servers, for the same reason", async () => {
    const items = [GO, { type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'x' } }, { type: 'item_reference', id: 'msg_1' }];
    const both = await expectMessages(items, [user([{ type: 'text', text: 'Go' }])]);
    expectFindings(both, [
      /^dropped: .*web_search_call.*: a web search whose results are not recorded/,
      /^dropped: .*item_reference.*: an item kept on OpenAI's servers/,
    ]);
  });
});

describe('convertResponsesItem', () => {
  const context = (log: FidelityLog): ItemContext => ({
    log,
    place: (key) => ({ field: key ?? '(item)' }),
    invalid: (type, key, value) => new InvalidContentError(`${type} ${key} ${JSON.stringify(value)}`, { field: key }),
    droppedItem: (type, why) => `${type}: ${why}`,
    encryptedReasoning: 'encrypted',
  });

  it('names the item type and the field when it refuses, and places findings by field', () => {
    const log = new FidelityLog();
    expect(() => convertResponsesItem({ type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: 3 }, context(log))).toThrow(
      'custom_tool_call input 3',
    );
    convertResponsesItem({ type: 'reasoning', summary: [], encrypted_content: 'gAAA' }, context(log));
    expect(log.entries().map(({ reason, fields }) => ({ reason, fields }))).toEqual([
      { reason: 'encrypted', fields: ['encrypted_content'] },
      { reason: 'reasoning item with no summary text: nothing readable to carry', fields: ['(item)'] },
    ]);
  });
});
