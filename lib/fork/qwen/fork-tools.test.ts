import { describe, expect, it } from 'vitest';
import { forkExecutionAllowlist } from './fork-tools';

describe('forkExecutionAllowlist (Qwen Code 0.24.4 buildForkExecutionAllowlist)', () => {
  it('keeps the requested names in order without repeats, never ask_user_question, and adds the bridge tools the parent has', () => {
    expect(forkExecutionAllowlist(['read_file', 'ask_user_question', 'read_file'], ['read_file', 'tool_search', 'tool_call'])).toEqual([
      'read_file',
      'tool_search',
      'tool_call',
    ]);
    expect(forkExecutionAllowlist(['read_file'], ['read_file'])).toEqual(['read_file']);
  });

  it('keeps an empty request empty (no bridge tools), and leaves display_image out when the parent advertises it', () => {
    expect(forkExecutionAllowlist([], ['tool_search', 'tool_call'])).toEqual([]);
    expect(forkExecutionAllowlist(['display_image', 'nonexistent_tool'], ['display_image'])).toEqual(['nonexistent_tool']);
    expect(forkExecutionAllowlist(['display_image'], [])).toEqual(['display_image']);
  });
});
