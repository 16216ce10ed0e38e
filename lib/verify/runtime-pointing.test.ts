import { describe, expect, it } from 'vitest';
import { DRIVEN_RUNTIMES } from './runtime-pins';
import { pointedRuntimes } from './runtime-pointing';
import { pointingCommand, shellWord } from './runtime-pointing-command';

describe('pointing a runtime at Fork Lab by hand', () => {
  it('writes the one line to paste for each runtime the matrix drives, at the origin given', () => {
    const pointed = pointedRuntimes('http://127.0.0.1:4000/capture/t1');
    expect(pointed.map((entry) => entry.runtime)).toEqual(DRIVEN_RUNTIMES);
    const line = (runtime: string) => pointingCommand(pointed.find((entry) => entry.runtime === runtime)!, 'Fork a subagent to read notes.txt');
    expect(line('qwen-code')).toBe(
      "OPENAI_BASE_URL=http://127.0.0.1:4000/capture/t1/v1 OPENAI_API_KEY=sk-none OPENAI_MODEL=fork-lab-offline qwen -p 'Fork a subagent to read notes.txt' --yolo",
    );
    expect(line('claude-code')).toBe(
      "ANTHROPIC_BASE_URL=http://127.0.0.1:4000/capture/t1 ANTHROPIC_API_KEY=sk-ant-none CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 claude -p 'Fork a subagent to read notes.txt' --model fork-lab-offline",
    );
    expect(pointed.find((entry) => entry.runtime === 'codex')!.files!['~/.codex/config.toml']).toContain('base_url = "http://127.0.0.1:4000/capture/t1/v1"');
  });

  it('quotes what a shell would split or expand', () => {
    expect([shellWord('plain-word_1.2'), shellWord('two words'), shellWord("it's"), shellWord('$HOME')]).toEqual([
      'plain-word_1.2',
      "'two words'",
      "'it'\\''s'",
      "'$HOME'",
    ]);
  });
});
