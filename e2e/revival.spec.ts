import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * A server restart in the middle of a child's run. This spec starts its own `next start` (the
 * suite's shared server must not be killed), with a slow offline model so the child is surely
 * mid-run, kills it with SIGKILL, starts it again on the same journal, and revives the child.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: process.cwd(),
    env: { ...process.env, FORK_LAB_DATA_DIR: dataDir, FORK_LAB_OFFLINE_STREAM_DELAY_MS: '400', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/scenarios/index.json`)).ok) return server;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the revival server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('a child interrupted by a server restart is revived from its bootstrap record and finishes', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fork-lab-revival-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(port, dataDir);
  try {
    await page.goto(
      `${base}/?scenario=startup-block&policy=qwen-fork-turns&fork_turns=all&subagent_type=fork&directive=${encodeURIComponent('Which customer reported it?')}`,
    );
    // The server was started by this test: its first plan is a cold start, given the same 15 s the
    // page object's waitForPlan gives every first plan.
    await expect(page.locator('[data-testid="playground"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('launch').click();
    const run = page.getByTestId('child-run');
    await expect(run).toHaveAttribute('data-status', 'running');
    await expect(run).toHaveAttribute('data-status', 'running');
    // Words are streaming: the child is mid-run.
    await expect(page.getByTestId('run-live')).toContainText('From my context');

    // A reload re-attaches to the running child: the stream picks up where it is.
    await page.reload();
    await expect(page.getByTestId('child-run')).toHaveAttribute('data-status', 'running');
    // New words arrive on the re-attached stream (which words depends on how long the reload took).
    await expect(page.getByTestId('run-live')).toHaveText(/\S/, { timeout: 15_000 });
    await expect(page.getByTestId('child-run')).toHaveAttribute('data-status', 'running');

    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    server = await startServer(port, dataDir);

    await page.reload();
    // The restarted server is cold again.
    await expect(page.getByTestId('child-run')).toHaveAttribute('data-status', 'interrupted', { timeout: 15_000 });
    await expect(page.getByTestId('run-error')).toHaveText('The server stopped while this child was running.');
    await page.getByTestId('revive-run').click();
    await expect(page.getByTestId('child-run')).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
    await expect(page.getByTestId('run-output')).toContainText('“Also, the customer is Acme Bank; they reported it.”');
    // The parent received the final output once, in Qwen's task notification (its call was answered at launch).
    const timeline = page.getByTestId('timeline');
    await expect(async () => {
      await timeline.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(page.locator('[data-testid="timeline-row"][data-kind="real-user-turn"]').last()).toContainText('<status>completed</status>', {
        timeout: 500,
      });
    }).toPass({ timeout: 10_000 });
  } finally {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('stopping a child aborts its run on the server', async ({ page }) => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fork-lab-stop-'));
  const port = await freePort();
  const server = await startServer(port, dataDir);
  try {
    await page.goto(
      `http://127.0.0.1:${port}/?scenario=startup-block&policy=qwen-fork-turns&fork_turns=all&subagent_type=fork&directive=${encodeURIComponent('Which customer reported it?')}`,
    );
    // The server was started by this test: its first plan is a cold start, given the same 15 s the
    // page object's waitForPlan gives every first plan.
    await expect(page.locator('[data-testid="playground"][data-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('launch').click();
    await expect(page.getByTestId('run-live')).toContainText('From my context');
    await page.getByTestId('stop-run').click();
    await expect(page.getByTestId('child-run')).toHaveAttribute('data-status', 'stopped');
    await expect(page.getByTestId('run-error')).toHaveText('Stopped by the person.');
    // The server agrees: its journal has the run stopped, with no final output.
    const childId = await page.getByTestId('child-panel').getAttribute('data-child-id');
    const events = await (await fetch(`http://127.0.0.1:${port}/api/runs/${childId}/events`)).text();
    expect(JSON.parse(events.split('\n')[0]!.replace(/^data: /, ''))).toMatchObject({ type: 'snapshot', run: { status: 'stopped', finalOutput: null } });
  } finally {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
