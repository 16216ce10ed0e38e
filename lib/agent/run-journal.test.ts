import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirectory, RunJournal } from './run-journal';

const bootstrap = {
  kind: 'fork' as const,
  version: 1 as const,
  childId: 'r1',
  policy: 'qwen-fork-turns' as const,
  parentAgentId: 'main',
  initialMessages: [{ role: 'user' as const, content: 'hi' }],
  systemInstruction: 'sys',
  tools: [],
  model: 'm',
  taskPrompt: 'Begin.',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fork-lab-journal-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'runs.sqlite');
}

describe('RunJournal', () => {
  it('writes the bootstrap record first, then messages in order, and reads them back after reopening', () => {
    const file = tempFile();
    const journal = new RunJournal(file);
    expect(journal.createRun({ id: 'r1', sessionId: 's', name: 'child 1', policy: 'qwen-fork-turns', modelId: 'offline', bootstrap })).toMatchObject({
      status: 'running',
      bootstrap,
      messageCount: 0,
    });
    expect(journal.appendMessage('r1', { role: 'assistant', content: 'one' })).toBe(0);
    expect(journal.appendMessage('r1', { role: 'assistant', content: 'two' })).toBe(1);
    journal.close();

    const reopened = new RunJournal(file);
    expect(reopened.messages('r1')).toEqual([
      { role: 'assistant', content: 'one' },
      { role: 'assistant', content: 'two' },
    ]);
    expect(reopened.markInterrupted()).toBe(1);
    expect(reopened.getRun('r1')).toMatchObject({ status: 'interrupted', error: 'The server stopped while this child was running.', messageCount: 2 });
    reopened.setStatus('r1', 'finished', { finalOutput: 'done' });
    expect(reopened.listRuns('s').map((run) => [run.id, run.status, run.finalOutput])).toEqual([['r1', 'finished', 'done']]);
    reopened.replaceMessages('r1', [{ role: 'assistant', content: 'only' }]);
    expect(reopened.messages('r1')).toEqual([{ role: 'assistant', content: 'only' }]);
    reopened.close();
  });

  it('finds its directory from FORK_LAB_DATA_DIR', () => {
    expect(dataDirectory({ FORK_LAB_DATA_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(dataDirectory({})).toBe(path.join(process.cwd(), '.data'));
  });
});
