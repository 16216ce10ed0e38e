import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forkLab, forkLabInProcess } from './testing/run-fork-lab';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const START_SECONDS = 1_780_000_000;

/** A claude-trace record of an Anthropic request: the system prompt and the last message marked, as Claude Code sends them. */
function record(seconds: number, turns: string[], read: number, written: number): string {
  const messages = turns.map((text, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text, ...(at === turns.length - 1 ? { cache_control: { type: 'ephemeral' } } : {}) }],
  }));
  return JSON.stringify({
    request: {
      timestamp: START_SECONDS + seconds,
      method: 'POST',
      url: 'https://api.anthropic.com/v1/messages',
      headers: {},
      body: { model: 'claude-sonnet-4-20250514', system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }], messages },
    },
    response: {
      timestamp: START_SECONDS + seconds + 2,
      status_code: 200,
      headers: {},
      body: { usage: { input_tokens: 4, cache_creation_input_tokens: written, cache_read_input_tokens: read, output_tokens: 9 } },
    },
  });
}

const folder = mkdtempSync(path.join(tmpdir(), 'fork-lab-cache-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function log(name: string, lines: string[]): string {
  const file = path.join(folder, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Written, then read a minute later, as the rule says. */
const AGREEING = log('agreeing.jsonl', [record(0, ['Add a test.'], 0, 3300), record(60, ['Add a test.', 'Added.', 'Run it.'], 3290, 20)]);
/** The same, then a request repeating all of the one before a minute later that the provider did not read. */
const MISSED = log('missed.jsonl', [
  record(0, ['Add a test.'], 0, 3300),
  record(60, ['Add a test.', 'Added.', 'Run it.'], 3290, 20),
  record(120, ['Add a test.', 'Added.', 'Run it.', 'Passed.', 'Commit.'], 0, 3330),
]);

describe('fork-lab cache', () => {
  // The real command, started as a process through tsx: seconds on a loaded machine, as the other commands' tests allow.
  it('prints each request predicted beside what was reported, and exits 0 when every one agrees', () => {
    const { code, stdout, stderr } = forkLab('cache', AGREEING);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      [
        'agreeing.jsonl: 2 model requests read as a claude-trace log, in the order sent.',
        'Tokens: counted offline (o200k) and scaled to each request’s reported total, so shares are compared, not tokenizers.',
        '',
        'request  sent   model                     predicted read / written  reported read / written  verdict',
        '#0       +0:00  claude-sonnet-4-20250514  0 / 3,304                 0 / 3,300                agrees',
        '#1       +1:00  claude-sonnet-4-20250514  3,309 / 5                 3,290 / 20               agrees',
        '',
        'anthropic: 2 requests with reported usage · hit or miss agrees 2 of 2 (100%) · cached share within 5 points 2 of 2 (100%)',
        '',
      ].join('\n'),
    );
  }, 30_000);

  it('says under a disagreeing request why the rule predicts what it does and what the provider read instead, and exits 1', async () => {
    const { code, stdout, stderr } = await forkLabInProcess('cache', MISSED);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    const lines = stdout.split('\n');
    expect(lines.slice(6, 9)).toEqual([
      '#2       +2:00  claude-sonnet-4-20250514  3,330 / 4                 0 / 3,330                DISAGREES',
      '    rule: Reads 3,330 tokens cached at an earlier breakpoint. Writes 4 tokens up to the breakpoint at segment 6.',
      '    against the report: Read nothing, though #1 (+1:00) had left about 3,330 tokens 1:00 before: Anthropic did not serve a prefix it had been sent, and the log does not say why.',
    ]);
    expect(lines.at(-2)).toBe('anthropic: 3 requests with reported usage · hit or miss agrees 2 of 3 (67%) · cached share within 5 points 2 of 3 (67%)');
  });

  it('replays several logs as one account’s cache in time order, each request named by its log, and prints the report as JSON with --json', async () => {
    const { code, stdout } = await forkLabInProcess('cache', MISSED, AGREEING, '--json');
    expect(code).toBe(1);
    const answer = JSON.parse(stdout) as { files: unknown[]; replays: { files: string[]; entries: { source: string; index: number }[] }[] };
    expect(answer.files).toEqual([
      { name: 'missed.jsonl', format: 'claude-trace', requests: 3, problems: 0 },
      { name: 'agreeing.jsonl', format: 'claude-trace', requests: 2, problems: 0 },
    ]);
    expect(answer.replays.map((replay) => replay.files)).toEqual([['missed.jsonl', 'agreeing.jsonl']]);
    // Sent at the same times, the two logs interleave, each request where its time puts it.
    expect(answer.replays[0]!.entries.map(({ source, index }) => `${source} #${index}`)).toEqual([
      'missed.jsonl #0',
      'agreeing.jsonl #0',
      'missed.jsonl #1',
      'agreeing.jsonl #1',
      'missed.jsonl #2',
    ]);
  });

  it('replays each log on its own when one records no send times, and names the requests it cannot replay', async () => {
    const anthropic = (text: string) =>
      JSON.stringify({
        model: 'claude-sonnet-4-20250514',
        system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: text }],
      });
    const interaction = (uri: string, body: string, usage: Record<string, number>) =>
      [
        '- request:',
        '    method: POST',
        `    uri: ${uri}`,
        `    body: '${body.replace(/'/g, "''")}'`,
        '  response:',
        `    body: '${JSON.stringify({ usage })}'`,
      ].join('\n');
    const cassette = log('undated.yaml', [
      'interactions:',
      interaction('https://api.anthropic.com/v1/messages', anthropic('Hi.'), {
        input_tokens: 4,
        cache_creation_input_tokens: 3300,
        cache_read_input_tokens: 0,
        output_tokens: 9,
      }),
      interaction('https://api.mistral.ai/v1/chat/completions', JSON.stringify({ model: 'mistral-large', messages: [{ role: 'user', content: 'Hi.' }] }), {
        prompt_tokens: 5,
        completion_tokens: 3,
      }),
    ]);
    const { code, stdout, stderr } = await forkLabInProcess('cache', AGREEING, cassette);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('undated.yaml records no send times: each log is replayed on its own.');
    expect(lines).toContain('undated.yaml: 2 model requests read as a VCR cassette, in the order sent.');
    expect(lines).toContain('1 not replayed: sent to mistral-large at api.mistral.ai/v1/chat/completions, where the timeline has no cache rule yet.');
    expect(lines.filter((line) => line.startsWith('anthropic: '))).toHaveLength(2);
  });

  it('says what is wrong with a command line or a file, and what is allowed, exit 2', async () => {
    const none = await forkLabInProcess('cache');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^fork-lab cache: <log>: name the traffic log to replay \(several, to replay them as one account’s\)\n\nfork-lab cache <log>…/);
    const format = await forkLabInProcess('cache', '--format', 'pcap', AGREEING);
    expect(format.stderr.split('\n')[0]).toBe(
      'fork-lab cache: --format: "pcap" is not a traffic format; one of claude-trace, har, mini-swe-agent, vcr-cassette',
    );
    const notes = log('notes.txt', ['hello']);
    const notALog = await forkLabInProcess('cache', notes);
    expect(notALog.code).toBe(2);
    expect(notALog.stderr.split('\n')[0]).toBe(
      `fork-lab cache: <log>: no model request with a messages list was found in ${notes}, read as a claude-trace log (1 unreadable; first, line 1: not JSON); it looks like none of claude-trace, har, mini-swe-agent, vcr-cassette`,
    );
    const missing = await forkLabInProcess('cache', path.join(folder, 'nowhere.jsonl'));
    expect(missing.stderr.split('\n')[0]).toBe(`fork-lab cache: <log>: cannot read ${path.join(folder, 'nowhere.jsonl')}: there is no such file`);
    const aFolder = await forkLabInProcess('cache', folder);
    expect(aFolder.stderr.split('\n')[0]).toBe(`fork-lab cache: <log>: cannot read ${folder}: it is a folder (name the logs in it, e.g. folder/*.jsonl)`);
    const twice = await forkLabInProcess('cache', AGREEING, path.join(folder, '.', 'agreeing.jsonl'));
    expect([twice.code, twice.stderr.split('\n')[0]]).toEqual([
      2,
      `fork-lab cache: <log>: ${path.join(folder, 'agreeing.jsonl')} is named twice: each log is replayed once`,
    ]);
  });
});
