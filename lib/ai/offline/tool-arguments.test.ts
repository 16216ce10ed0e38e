import { describe, expect, it } from 'vitest';
import { toolArguments } from './tool-arguments';

const readFile = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
const writeFile = { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } };
const agent = {
  type: 'object',
  properties: { prompt: { type: 'string' }, subagent_type: { type: 'string' }, fork_turns: { type: 'string' }, depth: { type: 'integer' } },
};

describe('toolArguments', () => {
  it('takes a path-like token for a path property', () => {
    expect(toolArguments('Use read_file on src/router.ts please.', readFile)).toEqual({ path: 'src/router.ts' });
    expect(toolArguments('read_file notes.md', readFile)).toEqual({ path: 'notes.md' });
    expect(toolArguments('Read /tmp/out/kimi-code@2.1.0/fork-all/work/notes.txt, then fork.', readFile)).toEqual({
      path: '/tmp/out/kimi-code@2.1.0/fork-all/work/notes.txt',
    });
    expect(toolArguments('read_file ~/a+b/notes.md', readFile)).toEqual({ path: '~/a+b/notes.md' });
  });

  it('takes key=value and key: "quoted" pairs first, then free quoted strings in order', () => {
    expect(toolArguments('write_file path=docs/a.md content="# Title"', writeFile)).toEqual({ path: 'docs/a.md', content: '# Title' });
    expect(toolArguments('write_file "hello world" into notes/today.txt', writeFile)).toEqual({ path: 'notes/today.txt', content: 'hello world' });
    expect(toolArguments('Agent subagent_type=fork fork_turns=1 depth=2 prompt: "What is the password?"', agent)).toEqual({
      subagent_type: 'fork',
      fork_turns: '1',
      depth: 2,
      prompt: 'What is the password?',
    });
  });

  it('reads a list as one value with commas between its entries, and a boolean as true or false', () => {
    const swarm = { type: 'object', properties: { description: { type: 'string' }, items: { type: 'array' }, fork: { type: 'boolean' } } };
    expect(toolArguments('AgentSwarm description=Review items: "src/a.ts, src/b.ts ,," fork=true', swarm)).toEqual({
      description: 'Review',
      items: ['src/a.ts', 'src/b.ts'],
      fork: true,
    });
  });

  it('sends an argument the request names though the tool does not declare it, for the runtime’s schema to refuse', () => {
    // Kimi without its fork flag declares no `fork`: a model told to fork still sends it.
    expect(toolArguments('Call Agent with fork=true depth=2 description=Notes', agent)).toEqual({ fork: true, depth: 2, description: 'Notes' });
    expect(toolArguments('He said: hello', agent)).toEqual({});
  });

  it('reads a pair inside another’s quoted value as that value’s words', () => {
    const nested = toolArguments("Call Agent with subagent_type=fork prompt='Call Agent with fork_turns=1 model=other prompt=nested'", agent);
    expect(nested).toEqual({ subagent_type: 'fork', prompt: 'Call Agent with fork_turns=1 model=other prompt=nested' });
  });

  it('invents nothing the request does not say', () => {
    expect(toolArguments('use read_file', readFile)).toEqual({});
    expect(toolArguments('anything', undefined)).toEqual({});
  });
});
