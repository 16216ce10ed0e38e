import { describe, expect, it } from 'vitest';
import { sessionKeyOf } from './session-key';

describe("sessionKeyOf: one agent's conversation, by the runtime's own ids", () => {
  it("keeps Codex's threads apart though they share a session-id", () => {
    const root = new Headers({ 'session-id': 's1', 'thread-id': 's1' });
    const spawned = new Headers({ 'session-id': 's1', 'thread-id': 't2', 'x-openai-subagent': 'collab_spawn' });
    expect(sessionKeyOf({ prompt_cache_key: 's1' }, root)).toBe('header:thread-id:s1');
    expect(sessionKeyOf({ prompt_cache_key: 't2' }, spawned)).toBe('header:thread-id:t2');
  });

  it('keeps a Claude Code agent apart from the session it runs in', () => {
    const main = new Headers({ 'X-Claude-Code-Session-Id': 'abc', 'x-app': 'cli' });
    const agent = new Headers({ 'X-Claude-Code-Session-Id': 'abc', 'x-claude-code-agent-id': 'a7', 'x-claude-code-parent-agent-id': 'main' });
    expect(sessionKeyOf({}, main)).toBe('header:abc');
    expect(sessionKeyOf({}, agent)).toBe('header:abc agent:a7');
    expect(sessionKeyOf({}, new Headers({ 'X-Claude-Code-Session-Id': 'abc', 'x-claude-code-parent-agent-id': 'main' }))).toBe('header:abc');
  });

  it("falls back to the body's ids, then to none", () => {
    expect(sessionKeyOf({ prompt_cache_key: 'k', user: 'u' }, new Headers())).toBe('prompt_cache_key:k');
    expect(sessionKeyOf({ metadata: { user_id: '{"session_id":"s"}' } }, new Headers())).toBe('metadata.user_id:{"session_id":"s"}');
    expect(sessionKeyOf({ user: 'u' }, new Headers())).toBe('user:u');
    expect(sessionKeyOf({ prompt_cache_key: '' }, new Headers({ 'user-agent': 'ai-sdk/openai' }))).toBeNull();
    expect(sessionKeyOf(null, new Headers())).toBeNull();
  });
});
