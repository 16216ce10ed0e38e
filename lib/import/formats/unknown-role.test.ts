import { describe, expect, it } from 'vitest';
import { rankFormats } from '../detect-format';
import { FidelityLog } from '../fidelity-report';
import type { ImportFormatId } from '../import-format';
import { importTranscript } from '../import-transcript';
import { readImportSource } from '../read-import-source';
import { IMPORT_FORMATS } from '.';

/**
 * The shape mini-swe-agent saves a trajectory in (`{trajectory_format, info, messages}`): chat
 * messages, and a closing `{role: "exit", content, extra}` that is the agent's own bookkeeping.
 */
const EXIT = { role: 'exit', content: 'diff --git a/a.py b/a.py', extra: { exit_status: 'Submitted', submission: 'diff --git a/a.py b/a.py' } };
const TRAJECTORY = {
  trajectory_format: 'mini-swe-agent-1.1',
  info: { exit_status: 'Submitted' },
  messages: [
    { role: 'system', content: 'You are a helpful assistant that can run bash commands.' },
    { role: 'user', content: 'Fix the failing test in a.py.' },
    { role: 'assistant', content: 'THOUGHT: read it first.\n```bash\ncat a.py\n```' },
    { role: 'user', content: '<returncode>0</returncode>\n<output>x = 1</output>' },
    EXIT,
  ],
};

const dropped = (role: string, label: string, roles: string) => `message with role "${role}", which ${label} does not have: dropped (its roles: ${roles})`;

async function imported(value: unknown, format: ImportFormatId) {
  const { transcript, report } = await importTranscript(JSON.stringify(value), { format });
  return { roles: transcript.messages.map((entry) => entry.message.role), entries: report.entries.map((entry) => [entry.action, entry.reason, entry.fields]) };
}

describe('a message whose role the format does not have', () => {
  it('is dropped and reported with its place in an OpenAI Chat body, the rest imported', async () => {
    const { roles, entries } = await imported(TRAJECTORY, 'openai-chat');
    expect(roles).toEqual(['user', 'assistant', 'user']);
    expect(entries).toContainEqual([
      'dropped',
      dropped('exit', 'OpenAI Chat Completions', 'system, developer, user, assistant, tool, function'),
      ['messages[4]'],
    ]);
  });

  it('is dropped and reported in the other API-shaped formats too', async () => {
    const anthropic = await imported([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }, EXIT], 'anthropic-messages');
    expect(anthropic.roles).toEqual(['user', 'assistant']);
    expect(anthropic.entries).toContainEqual(['dropped', dropped('exit', 'Anthropic Messages', 'user, assistant'), ['messages[2]']]);

    const model = await imported(
      [
        { role: 'user', content: 'Hi' },
        { role: 'exit', content: 'done' },
        { role: 'assistant', content: 'Hello' },
      ],
      'ai-sdk-model-messages',
    );
    expect(model.roles).toEqual(['user', 'assistant']);
    expect(model.entries).toContainEqual(['dropped', dropped('exit', 'AI SDK ModelMessage[]', 'system, user, assistant, tool'), ['messages[1]']]);

    const ui = await imported(
      [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { id: 'x1', role: 'exit', parts: [{ type: 'text', text: 'done' }] },
      ],
      'ai-sdk-ui-messages',
    );
    expect(ui.roles).toEqual(['user']);
    expect(ui.entries).toContainEqual(['dropped', dropped('exit', 'AI SDK UIMessage[]', 'system, user, assistant'), ['messages[1]']]);

    const responses = await imported(
      {
        input: [
          { role: 'user', content: 'Hi' },
          { type: 'message', role: 'exit', content: 'done' },
        ],
      },
      'openai-responses',
    );
    expect(responses.roles).toEqual(['user']);
    expect(responses.entries).toContainEqual(['dropped', dropped('exit', 'OpenAI Responses', 'user, assistant, system, developer'), ['input[1]']]);

    const gemini = await imported(
      [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'exit', parts: [{ text: 'done' }] },
      ],
      'gemini-checkpoint',
    );
    expect(gemini.roles).toEqual(['user']);
    expect(gemini.entries).toContainEqual(['dropped', dropped('exit', 'Gemini API history (Content[], /chat save checkpoint)', 'user, model'), ['[1]']]);
  });

  it('refuses the file only when nothing valid is left', async () => {
    // With no message of the format's roles, the format's own refusal names the first role it lacks.
    await expect(importTranscript(JSON.stringify({ messages: [EXIT] }), { format: 'openai-chat' })).rejects.toMatchObject({
      code: 'invalid-content',
      location: { field: 'messages[0].role' },
    });
    await expect(importTranscript(JSON.stringify([{ role: 'exit', parts: [{ text: 'x' }] }]), { format: 'gemini-checkpoint' })).rejects.toMatchObject({
      code: 'invalid-content',
      location: { field: '[0]' },
    });
    // Valid roles whose messages carry nothing leave no conversation either.
    await expect(
      importTranscript(JSON.stringify({ messages: [{ role: 'system', content: 'Be brief.' }, EXIT] }), { format: 'openai-chat' }),
    ).rejects.toMatchObject({
      code: 'no-conversation',
    });
    // A role that is not a string is a malformed message, not a role the format lacks.
    await expect(
      importTranscript(
        JSON.stringify({
          messages: [
            { role: 'user', content: 'Hi' },
            { role: 7, content: 'x' },
          ],
        }),
        { format: 'openai-chat' },
      ),
    ).rejects.toMatchObject({ code: 'invalid-content' });
  });

  it('does not change which formats detection offers: the list reads as it would without the message', async () => {
    const candidates = async (value: unknown) => {
      const source = await readImportSource(JSON.stringify(value), new FidelityLog());
      return rankFormats(source, IMPORT_FORMATS).map(({ format, score }) => [format.id, score]);
    };
    const without = { ...TRAJECTORY, messages: TRAJECTORY.messages.slice(0, -1) };
    expect(await candidates(TRAJECTORY)).toEqual(await candidates(without));
    expect((await candidates(TRAJECTORY)).length).toBeGreaterThan(0);
    const chat = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
    ];
    expect(await candidates([...chat, EXIT])).toEqual(await candidates(chat));
    const gemini = [{ role: 'user', parts: [{ text: 'Hi' }] }];
    expect(await candidates([...gemini, { role: 'exit', parts: [{ text: 'done' }] }])).toEqual(await candidates(gemini));
  });
});
