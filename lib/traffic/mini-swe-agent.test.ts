import { describe, expect, it } from 'vitest';
import { readMiniSweTrajectory } from './mini-swe-agent';

const call = { index: 0, id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{"command": "ls"}' } };
/** The shape of a mini-swe-agent 1.1 trajectory: answers carry LiteLLM's raw response in `extra`. */
const trajectory = {
  trajectory_format: 'mini-swe-agent-1.1',
  info: { config: { model: { model_name: 'deepseek/deepseek-chat' } } },
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'Fix the bug.' },
    {
      role: 'assistant',
      content: 'Looking.',
      tool_calls: [call],
      function_call: null,
      provider_specific_fields: null,
      extra: {
        actions: [{ command: 'ls' }],
        response: {
          created: 1775795494,
          model: 'deepseek-chat',
          usage: { prompt_tokens: 1560, completion_tokens: 94, prompt_cache_hit_tokens: 320, prompt_cache_miss_tokens: 1240 },
        },
      },
    },
    { role: 'tool', content: '<returncode>0</returncode>', tool_call_id: 'call_1', extra: { returncode: 0 } },
    {
      role: 'assistant',
      content: 'Done.',
      extra: {
        response: {
          created: 1775795497,
          model: 'deepseek-chat',
          usage: { prompt_tokens: 1691, completion_tokens: 58, prompt_cache_hit_tokens: 1600, prompt_cache_miss_tokens: 91 },
        },
      },
    },
  ],
};

describe('readMiniSweTrajectory', () => {
  it('reads each answer as one request of the messages before it, as the API received them, with its usage', () => {
    const { exchanges, problems } = readMiniSweTrajectory(JSON.stringify(trajectory), 'run.traj.json');
    expect(problems).toEqual([]);
    expect(exchanges.map(({ index, atMs, url, model, source }) => ({ index, atMs, url, model, source }))).toEqual([
      { index: 0, atMs: 1775795494000, url: 'https://api.deepseek.com/chat/completions', model: 'deepseek-chat', source: 'run.traj.json' },
      { index: 1, atMs: 1775795497000, url: 'https://api.deepseek.com/chat/completions', model: 'deepseek-chat', source: 'run.traj.json' },
    ]);
    expect(exchanges[0]!.body).toEqual({
      model: 'deepseek-chat',
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Fix the bug.' },
      ],
    });
    // The agent's notes (`extra`) and LiteLLM's empty fields are not what was sent.
    expect(exchanges[1]!.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Fix the bug.' },
      { role: 'assistant', content: 'Looking.', tool_calls: [call] },
      { role: 'tool', content: '<returncode>0</returncode>', tool_call_id: 'call_1' },
    ]);
    // DeepSeek stores every miss as units: its miss tokens are writes.
    expect(exchanges[1]!.usage).toMatchObject({ cachedTokens: 1600, writtenTokens: 91, uncachedTokens: 0, format: 'deepseek' });
  });

  it('says why a file is not read: not JSON, not a trajectory, a provider it cannot place', () => {
    expect(readMiniSweTrajectory('{', 'x').problems).toEqual([{ line: 1, message: 'not JSON' }]);
    expect(readMiniSweTrajectory(JSON.stringify({ messages: [] }), 'x').problems[0]!.message).toMatch(/^not a mini-swe-agent trajectory: trajectory_format/);
    const vertex = { ...trajectory, info: { config: { model: { model_name: 'vertex_ai/gemini-2.5-pro' } } } };
    expect(readMiniSweTrajectory(JSON.stringify(vertex), 'x')).toEqual({
      exchanges: [],
      problems: [{ line: 1, message: 'model "vertex_ai/gemini-2.5-pro": only deepseek and openai Chat Completions calls are read' }],
    });
  });
});
