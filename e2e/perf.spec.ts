import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type ForkRequest, type ParentTranscript, planFork } from '@/lib/fork';
import { importTranscript } from '@/lib/import/import-transcript';
import { syntheticClaudeSession } from '@/lib/import/testing/synthetic-claude-session';
import { syntheticScenario } from '@/lib/scenarios/synthetic-scenarios';
import { report, round, stats } from './fixtures/perf-report';
import { type Change, timeWindowChange } from './fixtures/window-change-timing';
import { PlaygroundPage } from './pages/playground-page';

// Measurements, not targets: these tests print numbers and assert only that they are numbers and
// that the timeline stays virtualized. No timing threshold is asserted.

const SCENARIO = syntheticScenario('synthetic-10000')!;
const MAX_RENDERED_ROWS = 200;
/** The generator makes "about" 10,000 messages (10,001 today); the page shows the real count. */
const LENGTH = SCENARIO.transcript.messages.length;

function windowStartFor(forkTurns: string): number {
  const request = { ...SCENARIO.request, params: { ...SCENARIO.request.params, fork_turns: forkTurns } } as ForkRequest;
  return planFork(SCENARIO.transcript, request).window!.start!;
}

test('10,000 messages: a fork_turns change repaints the preview and the window, and scrolling stays virtualized', async ({ page }) => {
  // Generous: on two cores shared with the other worker (and, that run, a build beside it), a run's
  // scroll outlasted the old 120 s budget. Timings are reported here, not asserted.
  test.setTimeout(240_000);
  const playground = new PlaygroundPage(page);
  const loadStart = Date.now();
  await playground.open({ scenario: 'synthetic-10000' }, { waitReady: false });
  await playground.waitForPlan(60_000);
  report('first load to ready (ms, wall clock)', Date.now() - loadStart);
  await expect(page.getByRole('heading', { level: 2, name: `Parent · ${LENGTH.toLocaleString('en-US')} messages`, exact: true })).toBeVisible();
  await expect(playground.field('fork_turns')).toHaveValue('3');
  await expect(playground.boundaryRow()).toHaveAttribute('data-index', String(windowStartFor('3')));

  await test.step('window change repaint', async () => {
    const changes: [Change, string][] = [
      [{ kind: 'key', key: ']' }, '4'],
      [{ kind: 'key', key: ']' }, '5'],
      [{ kind: 'key', key: '[' }, '4'],
      [{ kind: 'input', value: '50' }, '50'],
      [{ kind: 'input', value: '3' }, '3'],
      [{ kind: 'key', key: 'k' }, '4'],
    ];
    const windowPainted: number[] = [];
    const readyPainted: number[] = [];
    for (const [change, forkTurns] of changes) {
      const expectedRow = windowStartFor(forkTurns);
      const timing = await timeWindowChange(page, change, expectedRow);
      for (const moment of [timing.window, timing.ready]) {
        expect(Number.isFinite(moment.painted)).toBe(true);
        expect(moment.painted).toBeGreaterThanOrEqual(moment.dom);
      }
      expect(timing.ready.dom).toBeGreaterThanOrEqual(timing.window.dom);
      expect(timing.rows).toBeLessThan(MAX_RENDERED_ROWS);
      await expect(playground.field('fork_turns')).toHaveValue(forkTurns);
      await expect(playground.boundaryRow()).toHaveAttribute('data-index', String(expectedRow));
      windowPainted.push(timing.window.painted);
      readyPainted.push(timing.ready.painted);
      report(`fork_turns → ${forkTurns} by ${change.kind === 'key' ? `key ${change.key}` : 'typing'} (ms)`, {
        windowPainted: round(timing.window.painted),
        readyPainted: round(timing.ready.painted),
        rowsInDom: timing.rows,
      });
    }
    report('window change summary (ms)', { windowPainted: stats(windowPainted), countsAndForecastPainted: stats(readyPainted) });
  });

  await test.step('directive typing: key to paint', async () => {
    // Each character as the browser delivers a keystroke to the textarea (React's input event), timed
    // to the frame after it: what a person waits for between a key and seeing it.
    const timings = await page.evaluate(async () => {
      const field = document.querySelector<HTMLTextAreaElement>('[data-testid="input-directive"]')!;
      field.focus();
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const out: number[] = [];
      for (const character of ' and check the month offset in src/date.ts') {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const start = performance.now();
        setValue.call(field, field.value + character);
        field.dispatchEvent(new InputEvent('input', { bubbles: true, data: character, inputType: 'insertText' }));
        await painted();
        out.push(performance.now() - start);
      }
      return out;
    });
    expect(timings.every((value) => Number.isFinite(value))).toBe(true);
    await expect(playground.field('directive')).toHaveValue(/and check the month offset in src\/date\.ts$/);
    await playground.waitForPlan(30_000);
    report('directive key to paint (ms)', stats(timings));
  });

  await test.step('scroll the timeline top to bottom', async () => {
    report('page state before scrolling', await page.evaluate(() => ({ visibility: document.visibilityState, focus: document.hasFocus() })));
    const result = await playground.timeline.evaluate(async (scroller, lastRow) => {
      // A frame, or 250 ms if the browser stops producing frames (so a throttled page cannot hang the test).
      let missedFrames = 0;
      const frame = () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            missedFrames += 1;
            resolve();
          }, 250);
          requestAnimationFrame(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      const rowsInDom = () => scroller.querySelectorAll('[data-testid="timeline-row"]').length;
      scroller.scrollTop = 0;
      await frame();
      await frame();

      const longTasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask' });
      const frames: number[] = [];
      let running = true;
      let previous = performance.now();
      const loop = (now: number) => {
        frames.push(now - previous);
        previous = now;
        if (running) requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);

      const started = performance.now();
      let maxRows = 0;
      // Phase 1: wheel-like scrolling, one viewport at a time, through the first 80 viewports.
      for (let step = 0; step < 80; step += 1) {
        scroller.scrollTop += scroller.clientHeight;
        await frame();
        maxRows = Math.max(maxRows, rowsInDom());
      }
      const smoothMs = performance.now() - started;
      // Phase 2: jumps of 1/40 of the list from there to the bottom, each a new set of rows.
      const jumpStart = performance.now();
      const from = scroller.scrollTop;
      for (let step = 1; step <= 40; step += 1) {
        scroller.scrollTop = from + ((scroller.scrollHeight - scroller.clientHeight - from) * step) / 40;
        await frame();
        maxRows = Math.max(maxRows, rowsInDom());
      }
      // Heights measured on the way change the total; settle at the very bottom. Under load each
      // frame measures fewer rows, so it may take many frames (a run once missed it in 20).
      for (let settle = 0; settle < 120; settle += 1) {
        scroller.scrollTop = scroller.scrollHeight;
        await frame();
        await frame();
        const last = scroller.querySelector('[data-testid="timeline-row"]:last-of-type');
        const indexes = [...scroller.querySelectorAll<HTMLElement>('[data-testid="timeline-row"]')].map((row) => Number(row.dataset.index));
        if (last !== null && Math.max(...indexes) === lastRow && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      }
      const jumpMs = performance.now() - jumpStart;
      running = false;
      await new Promise((resolve) => setTimeout(resolve, 200));
      observer.disconnect();
      const indexes = [...scroller.querySelectorAll<HTMLElement>('[data-testid="timeline-row"]')].map((row) => Number(row.dataset.index));
      return {
        frames: frames.slice(1),
        longTasks,
        maxRows,
        smoothMs,
        jumpMs,
        lastIndex: Math.max(...indexes),
        rowsAtEnd: indexes.length,
        scrollHeight: scroller.scrollHeight,
        missedFrames,
        // A soak run once ended with row 188 rendered: was the scroller replaced under the test, or scrolled back?
        scrollerStillInPage: scroller.isConnected && document.querySelector('[data-testid="timeline"]') === scroller,
        scrollTopAtEnd: scroller.scrollTop,
      };
    }, LENGTH - 1);

    expect(result.scrollerStillInPage, 'the timeline scroller was replaced while the test scrolled it').toBe(true);
    expect(result.lastIndex, `rendered rows at the end (scrollTop ${result.scrollTopAtEnd} of ${result.scrollHeight})`).toBe(LENGTH - 1);
    expect(result.maxRows).toBeGreaterThan(0);
    expect(result.maxRows).toBeLessThan(MAX_RENDERED_ROWS);
    expect(result.frames.length).toBeGreaterThan(0);
    expect(result.frames.every((value) => Number.isFinite(value))).toBe(true);
    report('scroll frames (ms between animation frames)', stats(result.frames));
    report('scroll long tasks', {
      count: result.longTasks.length,
      totalMs: round(result.longTasks.reduce((sum, value) => sum + value, 0)),
      maxMs: round(Math.max(0, ...result.longTasks)),
    });
    report('scroll', {
      smooth80ViewportsMs: round(result.smoothMs),
      jumps40ToBottomMs: round(result.jumpMs),
      maxRowsInDom: result.maxRows,
      rowsInDomAtEnd: result.rowsAtEnd,
      framesNotDelivered: result.missedFrames,
      scrollHeightPx: result.scrollHeight,
    });
  });

  await expect(playground.rows.last()).toHaveAttribute('data-id', 'fork-call');
  expect(await playground.rows.count()).toBeLessThan(MAX_RENDERED_ROWS);
});

test('10,000 messages: launching an `all` child, and switching scenarios to and from it', async ({ page }) => {
  test.setTimeout(180_000);
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'synthetic-10000' }, { waitReady: false });
  await playground.waitForPlan(60_000);
  await playground.field('fork_turns').fill('all');
  await playground.waitForPlan(30_000);

  await test.step('launch an `all` child: main-thread tasks from the click until its answer is in', async () => {
    await page.evaluate(() => {
      const tasks: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      (window as unknown as { launchTasks: number[] }).launchTasks = tasks;
    });
    const started = Date.now();
    await playground.launch(60_000);
    await playground.waitForChildRun('finished', 60_000);
    const wall = Date.now() - started;
    const tasks = await page.evaluate(() => (window as unknown as { launchTasks: number[] }).launchTasks);
    expect(tasks.every((value) => Number.isFinite(value))).toBe(true);
    report('launch `all` child on 10k', {
      wallMs: wall,
      longTasks: tasks.length,
      longestTaskMs: round(Math.max(0, ...tasks)),
      tasksOver200Ms: tasks.filter((value) => value > 200).length,
    });
  });

  await test.step('switch scenarios: to a small one and back to the 10k parent', async () => {
    const switchTo = async (id: string) => {
      const started = Date.now();
      await playground.pickScenario(id, 60_000);
      return Date.now() - started;
    };
    const timings = { toSmall: [] as number[], toTenThousand: [] as number[] };
    for (let round = 0; round < 3; round += 1) {
      timings.toSmall.push(await switchTo('startup-block'));
      timings.toTenThousand.push(await switchTo('synthetic-10000'));
    }
    // The launched child's answer was delivered into the parent: it has grown by that much.
    await expect(page.getByRole('heading', { level: 2, name: /^Parent · 10,0\d\d messages$/ })).toBeVisible();
    report('scenario switch to plan ready (ms, wall clock)', { toSmall: stats(timings.toSmall), toTenThousand: stats(timings.toTenThousand) });
  });
});

/**
 * With FORK_LAB_PERF_TARGETS=1 (`npm run bench:browser`) the 50 MB import's longest main-thread
 * task must stay within this share of the same page parsing the same file's lines in one task: the
 * issue's 200 ms against the ~400 ms that parse takes on the machine the target was set on (before
 * the import streamed its messages, its longest task was 628 ms there: 1.6×).
 */
const LONGEST_TASK_RATIO_TARGET = 0.5;

/**
 * Wait for a condition with a plain check every 50 ms. Not `expect(locator)`: each of its retries
 * builds an accessibility snapshot of the page on the page's main thread, a long task of its own
 * (80-100 ms on a big page) that would be counted against the import.
 */
async function untilInPage<A>(page: Page, condition: (argument: A) => boolean, argument?: A): Promise<void> {
  await page.waitForFunction(condition as (argument: unknown) => boolean, argument, { polling: 50, timeout: 60_000 });
}
const BENCH = process.env.FORK_LAB_PERF_TARGETS === '1';
/**
 * 40 MB for the target, with short tool results, so the parent holds about 70,000 messages as the
 * real import the targets came from did; a smaller file in the everyday run, which checks the same
 * path end to end.
 */
const IMPORT_MB = BENCH ? 40 : 8;
const IMPORT_FILE_LINES = 4;
/**
 * The issue's targets on a 70,000-message parent (a window change 200 ms at the median, a reload
 * 3 s), as shares of the same run's one-task parse of the file (about 500 ms for 40 MB here), so a
 * slower machine moves both sides.
 */
const WINDOW_CHANGE_RATIO_TARGET = 0.4;
const RELOAD_RATIO_TARGET = 6;
const IMPORT_DIRECTIVE = 'Find where compute() reads options.';

function importedWindowStart(transcript: ParentTranscript, forkTurns: string): number {
  const request = {
    policy: 'qwen-fork-turns',
    directive: IMPORT_DIRECTIVE,
    params: { description: 'Fork', subagent_type: 'fork', fork_turns: forkTurns },
  } as const;
  return planFork(transcript, request).window!.start!;
}

test(`a ${IMPORT_MB} MB Claude Code session imports without one long main-thread task, then changes windows and reloads`, async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const { text, lines } = syntheticClaudeSession(IMPORT_MB * 1024 * 1024, { fileLines: IMPORT_FILE_LINES });
  const expected = await importTranscript(text);
  const file = testInfo.outputPath(`session-${IMPORT_MB}mb.jsonl`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  const playground = new PlaygroundPage(page);
  await playground.open();

  // The baseline, in this page: the file's lines parsed and kept, in one task, as a page that read
  // the whole answer at once would.
  await page.evaluate(() => {
    const input = Object.assign(document.createElement('input'), { type: 'file', id: 'perf-baseline-file', hidden: true });
    document.body.append(input);
  });
  await page.locator('#perf-baseline-file').setInputFiles(file);
  const baselineMs = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('#perf-baseline-file')!;
    const body = await input.files![0]!.text();
    const start = performance.now();
    const records = body.split('\n').map((line) => (line.trim() === '' ? null : (JSON.parse(line) as unknown)));
    const elapsed = performance.now() - start;
    input.remove();
    return records.length > 0 ? elapsed : 0;
  });

  await page.evaluate(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: 'longtask' });
  });
  await page.getByTestId('open-import').click();
  const started = await page.evaluate(() => performance.now());
  await page.getByTestId('import-file').setInputFiles(file);
  await untilInPage(page, (title) => document.querySelector('[data-testid="scenario-title"]')?.textContent === title, `session-${IMPORT_MB}mb.jsonl`);
  await untilInPage(
    page,
    () =>
      document.querySelector('[data-testid="playground"]')?.getAttribute('data-ready') === 'true' &&
      document.querySelector('[data-testid="timeline-row"]') !== null,
  );
  const opened = await page.evaluate(() => performance.now());
  // Until the imported parent is in IndexedDB: saving it is part of importing it.
  await untilInPage(page, () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-status') === 'saved');
  const saved = await page.evaluate(() => performance.now());
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks);
  const during = tasks.filter((task) => task.start >= started);
  const longest = Math.max(0, ...during.map((task) => task.duration));
  report(`${IMPORT_MB} MB import`, { lines, openedMs: Math.round(opened - started), savedMs: Math.round(saved - started) });
  report(`${IMPORT_MB} MB import long tasks`, during);
  report(`${IMPORT_MB} MB import longest task`, { longestMs: longest, baselineMs: Math.round(baselineMs), ratio: round(longest / baselineMs) });

  // A window change on the imported parent, as a person makes it: Qwen Code's fork_turns typed and
  // stepped with the keyboard, timed to the boundary painted on its row.
  await playground.setPolicy('qwen-fork-turns');
  await playground.setField('description', 'Fork');
  await playground.setField('directive', IMPORT_DIRECTIVE);
  const changes: [Change, string][] = [
    [{ kind: 'input', value: '3' }, '3'],
    [{ kind: 'key', key: ']' }, '4'],
    [{ kind: 'key', key: ']' }, '5'],
    [{ kind: 'key', key: '[' }, '4'],
    [{ kind: 'input', value: '50' }, '50'],
    [{ kind: 'input', value: '3' }, '3'],
    [{ kind: 'key', key: 'k' }, '4'],
  ];
  const windowPainted: number[] = [];
  for (const [change, forkTurns] of changes) {
    const timing = await timeWindowChange(page, change, importedWindowStart(expected.transcript, forkTurns));
    windowPainted.push(timing.window.painted);
    expect(timing.rows).toBeLessThan(MAX_RENDERED_ROWS);
  }
  // The first change warms the page's plan of the new runtime; the rest are what a person repeats.
  const windowChange = stats(windowPainted.slice(1));
  report(`${IMPORT_MB} MB window change painted (ms)`, { ...windowChange, ratio: round(windowChange.median / baselineMs) });
  await playground.waitForSaved();

  // A reload reads it back a slice at a time and hands it to the server again the same way.
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  const reloadStart = Date.now();
  await page.reload();
  await untilInPage(page, (title) => document.querySelector('[data-testid="scenario-title"]')?.textContent === title, `session-${IMPORT_MB}mb.jsonl`);
  await untilInPage(
    page,
    () =>
      document.querySelector('[data-testid="playground"]')?.getAttribute('data-ready') === 'true' &&
      document.querySelector('[data-testid="window-boundary"]') !== null,
  );
  const reloadMs = Date.now() - reloadStart;
  report(`${IMPORT_MB} MB reload to ready (ms, wall clock)`, { reloadMs, ratio: round(reloadMs / baselineMs) });
  const reloadTasks = await page.evaluate(() => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks);
  const longestAfterReload = Math.max(0, ...reloadTasks.map((task) => task.duration));
  report(`${IMPORT_MB} MB reload long tasks`, reloadTasks);
  report(`${IMPORT_MB} MB reload longest task`, { longestMs: longestAfterReload, ratio: round(longestAfterReload / baselineMs) });

  // Everything arrived, as the server converted it, and the timeline stays virtualized.
  const stored = await playground.storedTranscript();
  expect(stored.messages.length).toBe(expected.transcript.messages.length);
  expect(stored.messages.at(-1)).toEqual(expected.transcript.messages.at(-1));
  await expect(page.getByTestId('import-counts')).toContainText(`${expected.transcript.messages.length.toLocaleString('en-US')} messages`);
  expect(await playground.rows.count()).toBeLessThan(MAX_RENDERED_ROWS);
  expect(baselineMs).toBeGreaterThan(0);
  if (BENCH) {
    expect(longest / baselineMs).toBeLessThanOrEqual(LONGEST_TASK_RATIO_TARGET);
    expect(longestAfterReload / baselineMs).toBeLessThanOrEqual(LONGEST_TASK_RATIO_TARGET);
    expect(windowChange.median / baselineMs).toBeLessThanOrEqual(WINDOW_CHANGE_RATIO_TARGET);
    expect(reloadMs / baselineMs).toBeLessThanOrEqual(RELOAD_RATIO_TARGET);
  }
});
