import { describe, expect, it } from 'vitest';
import { cacheRouting, routingChange } from './cache-routing';

describe('a fork’s cache routing', () => {
  it('reads Codex’s key and headers as 0.169 sends them: the session kept, the thread its own, the parent thread added', () => {
    const routing = cacheRouting(
      {
        body: { prompt_cache_key: 's-1' },
        headers: { 'session-id': 's-1', 'thread-id': 's-1', 'x-client-request-id': 'r-1', 'x-codex-turn-metadata': '{"thread_id":"s-1"}' },
      },
      {
        body: { prompt_cache_key: 's-1' },
        headers: { 'session-id': 's-1', 'thread-id': 't-2', 'x-codex-parent-thread-id': 's-1', 'x-client-request-id': 'r-2' },
      },
    );
    expect(routing.values.map((value) => [value.name, routingChange(value)])).toEqual([
      ['prompt_cache_key', 'kept'],
      ['session-id', 'kept'],
      ['thread-id', 'changed'],
      ['x-codex-parent-thread-id', 'added'],
    ]);
    expect(routing.ttls).toEqual({ parent: [], child: [] });
  });

  it('reads Claude Code’s session from its metadata, and each breakpoint’s lifetime (5m where none is named)', () => {
    const metadata = (session: string) => ({ user_id: JSON.stringify({ device_id: 'd', session_id: session }) });
    const routing = cacheRouting(
      {
        body: {
          metadata: metadata('a'),
          system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral', ttl: '1h' } }],
          messages: [{ role: 'user', content: [{ type: 'text', text: 'y', cache_control: { type: 'ephemeral', ttl: '1h' } }] }],
        },
        headers: { 'x-claude-code-session-id': 'a' },
      },
      {
        body: {
          metadata: metadata('a'),
          system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }],
          messages: [{ role: 'user', content: [{ type: 'text', text: 'z', cache_control: { type: 'ephemeral' } }] }],
        },
        headers: { 'x-claude-code-session-id': 'a', 'x-claude-code-agent-id': 'b' },
      },
    );
    expect(routing.values).toEqual([
      { name: 'metadata.user_id', parent: 'a', child: 'a' },
      { name: 'x-claude-code-agent-id', parent: null, child: 'b' },
      { name: 'x-claude-code-session-id', parent: 'a', child: 'a' },
    ]);
    expect(routing.ttls).toEqual({ parent: ['1h', '1h'], child: ['5m', '5m'] });
  });

  it('lists the lifetimes in Anthropic’s cache order: the tools’ before the system’s, then the messages’', () => {
    const body = {
      system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral', ttl: '5m' } }],
      tools: [{ name: 'read', input_schema: {}, cache_control: { type: 'ephemeral', ttl: '1h' } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'z', cache_control: { type: 'ephemeral' } }] }],
    };
    expect(cacheRouting({ body, headers: {} }, { body, headers: {} }).ttls.parent).toEqual(['1h', '5m', '5m']);
  });

  it('says a key dropped, and reads OpenAI’s retention', () => {
    const routing = cacheRouting(
      { body: { prompt_cache_key: 'k', prompt_cache_retention: '24h' }, headers: {} },
      { body: { prompt_cache_retention: 'in_memory' }, headers: {} },
    );
    expect(routing.values.map(routingChange)).toEqual(['dropped']);
    expect(routing.retention).toEqual({ parent: '24h', child: 'in_memory' });
  });
});
