import { describe, expect, it } from 'vitest';
import { loadForkProfile } from './fork-profile';

/*
 * Every case here was run through the `loadForkProfile` of the Qwen Code 0.24.4 bundle with the
 * file on disk: each answer is the runtime's (its "not found" path written from the project root).
 */
const at = (name: string, text: string) => ({ [`.qwen/fork-profiles/${name}.md`]: text });
const invalid = (why: string) => ({ ok: false, message: `Invalid fork profile "ro": ${why}.` });

describe('loadForkProfile (Qwen Code 0.24.4)', () => {
  it('reads the tools and the trimmed promptHint from the frontmatter', () => {
    const text = '---\nname: ro-research\ntools: [read_file, grep_search, glob, mcp__search__*]\npromptHint: "  Work read-only.  "\n---\n';
    expect(loadForkProfile(at('ro-research', text), 'ro-research')).toEqual({
      ok: true,
      profile: { name: 'ro-research', tools: ['read_file', 'grep_search', 'glob', 'mcp__search__*'], promptHint: 'Work read-only.' },
    });
  });

  it('reads a file with a byte-order mark and Windows line ends, and leaves an empty hint out', () => {
    expect(loadForkProfile(at('ro', '\uFEFF---\r\nname: ro\r\ntools:\r\n  - read_file\r\npromptHint: ""\r\n---\r\n\r\n'), 'ro')).toEqual({
      ok: true,
      profile: { name: 'ro', tools: ['read_file'] },
    });
    expect(loadForkProfile(at('ro', '---\nname: ro\ntools: []\n---'), 'ro')).toEqual({ ok: true, profile: { name: 'ro', tools: [] } });
  });

  it('says where it looked when the project has no such file', () => {
    expect(loadForkProfile({}, 'ro')).toEqual({ ok: false, message: 'Fork profile "ro" was not found at .qwen/fork-profiles/ro.md.' });
    expect(loadForkProfile(at('other', '---\nname: other\ntools: []\n---\n'), 'ro')).toEqual({
      ok: false,
      message: 'Fork profile "ro" was not found at .qwen/fork-profiles/ro.md.',
    });
  });

  it.each([
    ['name: ro\ntools: []\n', invalid('missing YAML frontmatter')],
    ['---\n---\n', invalid('missing YAML frontmatter')],
    [
      '---\nname: ro\ntools: [read_file]\n---\nbody text\n',
      invalid('Markdown body content is not supported; move profile guidance into frontmatter promptHint'),
    ],
    ['---\nname: ro\ntools: [read_file\n---\n', invalid('malformed YAML frontmatter')],
    ['---\nname: ro\nname: ro\ntools: []\n---\n', invalid('malformed YAML frontmatter')],
    ['---\nname: ro\ntools: []\nx: !!foo 3\n---\n', invalid('malformed YAML frontmatter')],
    ['---\n- a\n- b\n---\n', invalid('frontmatter must be a YAML mapping')],
    ['---\nname: other\ntools: []\n---\n', invalid('frontmatter name must exactly match the filename')],
    ['---\nname: ro\n---\n', invalid('tools must be an array of non-empty tool names without surrounding whitespace')],
    ['---\nname: ro\ntools: ["*"]\n---\n', invalid('tools does not accept "*"; omit it to allow every otherwise-executable inherited tool')],
    ['---\nname: ro\ntools: [read_file]\npromptHint: 12\n---\n', invalid('promptHint must be a string')],
    [`---\nname: ro\ntools: [read_file]\npromptHint: ${'x'.repeat(201)}\n---\n`, invalid('promptHint must not exceed 200 characters')],
    [`---\nname: ro\ntools: []\npad: "${'y'.repeat(70_000)}"\n---\n`, invalid('file is larger than 65536 bytes')],
  ])('refuses %j in the runtime’s words', (text, answer) => {
    expect(loadForkProfile(at('ro', text), 'ro')).toEqual(answer);
  });

  it('measures the limits as the runtime does: the file in bytes, the hint in characters after trimming', () => {
    const hint = `  ${'é'.repeat(200)}  `;
    expect(loadForkProfile(at('ro', `---\nname: ro\ntools: []\npromptHint: "${hint}"\n---\n`), 'ro')).toEqual({
      ok: true,
      profile: { name: 'ro', tools: [], promptHint: 'é'.repeat(200) },
    });
    const nearLimit = `---\nname: ro\ntools: []\npad: "${'é'.repeat(32_760)}"\n---\n`;
    expect(nearLimit.length).toBeLessThan(65_536);
    expect(loadForkProfile(at('ro', nearLimit), 'ro')).toEqual(invalid('file is larger than 65536 bytes'));
  });
});
