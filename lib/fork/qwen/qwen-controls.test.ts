import { describe, expect, it } from 'vitest';
import { qwenAgentTool } from './qwen-agent-tool';
import { qwenControls } from './qwen-controls';

const window = qwenControls.window!;

describe('fork_turns window keys', () => {
  it('[ takes one turn fewer, never under one; from "all" or a value that is not a count, one fewer than every turn', () => {
    expect(window.fewer('3', 5)).toBe('2');
    expect(window.fewer('1', 5)).toBe('1');
    expect(window.fewer('all', 5)).toBe('4');
    expect(window.fewer('03', 5)).toBe('4');
    expect(window.fewer('9', 5)).toBe('4');
  });

  it('] takes one turn more, and "all" once every turn is in', () => {
    expect(window.more('3', 5)).toBe('4');
    expect(window.more('4', 5)).toBe('5');
    expect(window.more('5', 5)).toBe('all');
    expect(window.more('all', 5)).toBe('all');
  });

  it('a turn badge starts the window at that turn, counted from the end', () => {
    expect(window.startingAt(1)).toBe('1');
    expect(window.startingAt(4)).toBe('4');
    expect(window.all).toBe('all');
  });

  it('asks ahead for the windows one key press away', () => {
    expect(window.neighbours('3', 3)).toEqual(['4', '2', 'all']);
    expect(window.neighbours('1', 1)).toEqual(['2', 'all']);
    expect(window.neighbours('all', 6)).toEqual(['5']);
    expect(window.neighbours('all', 1)).toEqual(['1']);
    expect(window.neighbours(' 3 ', 3)).toEqual([]);
  });

  it('reads a count only as the runtime accepts one', () => {
    expect(window.count('12')).toBe(12);
    expect(window.count('0')).toBeNull();
    expect(window.count('03')).toBeNull();
    expect(window.count('all')).toBeNull();
  });
});

describe('the profile file', () => {
  const FILE = '---\nname: ro\ntools: []\n---\n';

  it('carries the text as the project file the named profile is read from, and reads it back', () => {
    const values = { ...qwenControls.defaults, fork_profile: 'ro', fork_profile_file: FILE };
    const request = qwenControls.toRequest(values, { directive: 'Go' });
    expect(request.projectFiles).toEqual({ '.qwen/fork-profiles/ro.md': FILE });
    expect(qwenControls.fromRequest(request)).toEqual(values);
  });

  it('carries no project files without a text, or without a valid profile name', () => {
    expect(qwenControls.toRequest({ ...qwenControls.defaults, fork_profile: 'ro' }, { directive: 'Go' })).not.toHaveProperty('projectFiles');
    expect(qwenControls.toRequest({ ...qwenControls.defaults, fork_profile: '-x', fork_profile_file: FILE }, { directive: 'Go' })).not.toHaveProperty(
      'projectFiles',
    );
  });

  it('is a setting: a parent model’s call that names a profile is planned with the file given for it', () => {
    const call = { description: 'Notes', subagent_type: 'fork', fork_profile: 'ro', prompt: 'Go' };
    expect(qwenAgentTool.requestFromCall(call, { fork_profile_file: FILE }).projectFiles).toEqual({ '.qwen/fork-profiles/ro.md': FILE });
    expect(qwenAgentTool.requestFromCall(call, {})).not.toHaveProperty('projectFiles');
  });
});
