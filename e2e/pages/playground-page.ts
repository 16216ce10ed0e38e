import { expect, type Locator, type Page } from '@playwright/test';
import { FORK_RUNTIMES, type ForkRequest, type ParentTranscript } from '@/lib/fork';
import { selectionFromRequest } from '@/lib/workspace/fork-selection';
import { encodeUrlState } from '@/lib/workspace/url-state';
import type { FieldName, PlaygroundReadings, PolicyId, PreviewMessageState, RowDisplay, RowState, StoredWorkspace, ViewState } from './playground-types';
import { allPreviewMessages, renderedPreviewMessages, unfoldTexts } from './preview-messages';
import { readStoredWorkspace } from './stored-workspace';
import { readRowDisplays, scrollTimelineTowards } from './timeline-row-readers';
import { readViewState } from './view-state';

export type { FieldName, PolicyId, PreviewMessageState, RowDisplay, RowState, StoredWorkspace, ViewState } from './playground-types';

/** Fields rendered as a <select> rather than a text box. */
/** The fields every runtime draws as a select, from the registry's control descriptions. */
const SELECT_FIELDS: ReadonlySet<string> = new Set(
  FORK_RUNTIMES.flatMap((runtime) => runtime.controls.fields.filter((field) => field.kind === 'select').map((field) => field.name)),
);

/**
 * Fork Lab's playground, driven through its test ids. Methods that change the controls wait for
 * the page to re-plan (`data-ready="true"`) before they return.
 */
export class PlaygroundPage implements PlaygroundReadings {
  readonly root: Locator;
  readonly readyRoot: Locator;
  readonly scenarioSelect: Locator;
  readonly scenarioTitle: Locator;
  readonly scenarioMissing: Locator;
  readonly policySelect: Locator;
  readonly timeline: Locator;
  readonly rows: Locator;
  /** Rows of messages the parent holds (not the pending Agent call Fork Lab would write at launch). */
  readonly parentRows: Locator;
  readonly pendingRow: Locator;
  readonly windowBoundary: Locator;
  readonly forkPointMarker: Locator;
  readonly summary: Locator;
  readonly launchButton: Locator;
  readonly launchHint: Locator;
  readonly errorOther: Locator;
  readonly childRequest: Locator;
  readonly planErrors: Locator;
  readonly planFresh: Locator;
  readonly previewMessagesList: Locator;
  readonly previewMessages: Locator;
  readonly firstPrompt: Locator;
  readonly previewSystem: Locator;
  readonly previewTools: Locator;
  readonly tokensTotal: Locator;
  readonly tokensParent: Locator;
  readonly cachePrefix: Locator;
  readonly saveStatus: Locator;
  readonly forkTree: Locator;
  readonly forkTreeChildren: Locator;
  readonly childPanel: Locator;
  readonly composerRole: Locator;
  readonly composerText: Locator;
  readonly composerAppend: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('playground');
    // Planned, and the URL caught up with the controls (it follows them once they rest).
    this.readyRoot = page.locator('[data-testid="playground"][data-ready="true"][data-url-synced="true"]');
    this.scenarioSelect = page.getByTestId('scenario-select');
    this.scenarioTitle = page.getByTestId('scenario-title');
    this.scenarioMissing = page.getByTestId('scenario-missing');
    this.policySelect = page.getByTestId('policy-select');
    this.timeline = page.getByTestId('timeline');
    this.rows = page.getByTestId('timeline-row');
    this.parentRows = page.locator('[data-testid="timeline-row"]:not([data-pending])');
    this.pendingRow = page.locator('[data-testid="timeline-row"][data-pending]');
    this.windowBoundary = page.getByTestId('window-boundary');
    this.forkPointMarker = page.getByTestId('fork-point-marker');
    this.summary = page.getByTestId('window-summary');
    this.launchButton = page.getByTestId('launch');
    this.launchHint = page.getByTestId('launch-hint');
    this.errorOther = page.getByTestId('error-other');
    this.childRequest = page.getByTestId('child-request');
    this.planErrors = page.getByTestId('plan-errors');
    this.planFresh = page.getByTestId('plan-fresh');
    this.previewMessagesList = page.getByTestId('preview-messages');
    this.previewMessages = page.getByTestId('preview-message');
    this.firstPrompt = page.getByTestId('preview-first-prompt');
    this.previewSystem = page.getByTestId('preview-system');
    this.previewTools = page.getByTestId('preview-tools');
    this.tokensTotal = page.getByTestId('tokens-total');
    this.tokensParent = page.getByTestId('tokens-parent');
    this.cachePrefix = page.getByTestId('cache-prefix');
    this.saveStatus = page.getByTestId('save-status');
    this.forkTree = page.getByTestId('fork-tree');
    this.forkTreeChildren = page.getByTestId('fork-tree-child');
    this.childPanel = page.getByTestId('child-panel');
    this.composerRole = page.getByTestId('composer-role');
    this.composerText = page.getByTestId('composer-text');
    this.composerAppend = page.getByTestId('composer-append');
  }

  // ---------------------------------------------------------------- navigation and readiness

  /**
   * Open the playground. `query` is a query string (with or without `?`) or a map of parameters;
   * waits until the preview matches the controls unless `waitReady` is false.
   */
  async open(query: string | Record<string, string> = '', options: { waitReady?: boolean } = {}): Promise<void> {
    const search = typeof query === 'string' ? query.replace(/^\?/, '') : new URLSearchParams(query).toString();
    await this.page.goto(search === '' ? '/' : `/?${search}`);
    if (options.waitReady !== false) await this.waitForPlan();
  }

  /** Wait until the preview is up to date with the controls. */
  async waitForPlan(timeout = 15_000): Promise<void> {
    await expect(this.readyRoot).toBeAttached({ timeout });
  }

  /** Pick a scenario (built-in or synthetic) in the picker and wait for its plan. */
  async pickScenario(id: string, timeout = 15_000): Promise<void> {
    await this.scenarioSelect.selectOption(id);
    // The select is controlled: it shows `id` only once the session has switched.
    await expect(this.scenarioSelect).toHaveValue(id, { timeout });
    await this.waitForPlan(timeout);
  }

  /**
   * Show a scenario exactly as loaded, on a page that may have been used before: pick it, then
   * "Restart scenario" (its transcript and request back, no children), and wait until the URL is
   * the one of the scenario's own request. Much cheaper than a new page and a reload.
   */
  async freshScenario(id: string, request: ForkRequest): Promise<void> {
    await this.pickScenario(id);
    const restart = this.page.getByTestId('restart-session');
    await restart.click();
    // The restart loads the scenario's file first; until it has put the scenario back, the URL and
    // the plan may already read as the target, and a field set now would be reset under the test.
    await expect(restart).not.toHaveAttribute('aria-busy', 'true');
    const url = `?${encodeUrlState({ kind: 'scenario', id }, selectionFromRequest(request))}`;
    await expect.poll(() => new URL(this.page.url()).search).toBe(url);
    await expect(this.forkTreeChildren).toHaveCount(0);
    await expect(this.scenarioTitle).not.toContainText('· edited');
    await this.waitForPlan();
  }

  /** The query parameters of the page's current URL. */
  urlParams(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  // ---------------------------------------------------------------- controls

  field(name: FieldName): Locator {
    return this.page.getByTestId(`input-${name}`);
  }

  error(name: FieldName | string): Locator {
    return this.page.getByTestId(`error-${name}`);
  }

  /** Fork Lab's own explanation beside the runtime's error for a field. */
  explanation(name: FieldName | string): Locator {
    return this.page.getByTestId(`explanation-${name}`);
  }

  /** Set a control (text box or select) to a raw value and wait for the re-plan. */
  async setField(name: FieldName, value: string): Promise<void> {
    const field = this.field(name);
    if (SELECT_FIELDS.has(name)) await field.selectOption(value);
    else await field.fill(value);
    await expect(field).toHaveValue(value);
    await this.waitForPlan();
  }

  async setPolicy(policy: PolicyId): Promise<void> {
    await this.policySelect.selectOption(policy);
    await expect(this.policySelect).toHaveValue(policy);
    await this.waitForPlan();
  }

  /** Move focus off every form field, so the page's keyboard shortcuts apply. */
  async blurFields(): Promise<void> {
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }

  /** Press a playground shortcut (j, k, [, ], a, Enter) with no form field focused. */
  async pressShortcut(key: string): Promise<void> {
    await this.blurFields();
    await this.page.keyboard.press(key);
  }

  /**
   * Click the launch button and wait for the new child to appear in the fork tree and panel; a child
   * of a 10,000-message parent takes seconds on a loaded machine, so its callers give a longer `timeout`.
   */
  async launch(timeout = 5_000): Promise<Locator> {
    const before = await this.forkTreeChildren.count();
    await expect(this.launchButton).toBeEnabled({ timeout });
    await this.launchButton.click();
    await expect(this.forkTreeChildren).toHaveCount(before + 1, { timeout });
    const launched = this.forkTreeChildren.nth(before);
    // The panel may still show the child opened before for a frame; wait until it shows this one,
    // or a caller reads (and toggles) the previous child's panel as it is being replaced.
    const childId = await launched.getAttribute('data-child-id');
    await expect(this.childPanel).toHaveAttribute('data-child-id', childId ?? '', { timeout });
    return launched;
  }

  // ---------------------------------------------------------------- import and export

  /** Drop a file on the page as a person would drag it from their desktop; the import starts at once. */
  async dropFile(name: string, contents: string | Buffer): Promise<void> {
    const data = typeof contents === 'string' ? contents : contents.toString('base64');
    const dataTransfer = await this.page.evaluateHandle(
      ({ name, data, base64 }) => {
        const bytes = base64 ? Uint8Array.from(atob(data), (char) => char.charCodeAt(0)) : new TextEncoder().encode(data);
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name));
        return transfer;
      },
      { name, data, base64: typeof contents !== 'string' },
    );
    await this.root.dispatchEvent('dragover', { dataTransfer });
    await this.root.dispatchEvent('drop', { dataTransfer });
  }

  /** Open the import dialog and import pasted text, optionally as a chosen format. */
  async importPasted(text: string, format = ''): Promise<void> {
    // Each step waits for what the last one should have shown, so a failure names the step that broke.
    await this.page.getByTestId('open-import').click();
    await expect(this.page.getByTestId('import-dialog')).toBeVisible();
    await this.page.getByTestId('import-format').selectOption(format);
    await expect(this.page.getByTestId('import-format')).toHaveValue(format);
    await this.page.getByTestId('import-tab-paste').click();
    const paste = this.page.getByTestId('import-paste');
    await paste.fill(text);
    await expect(paste).toHaveValue(text);
    await this.page.getByTestId('import-paste-submit').click();
  }

  /** Wait for an import to open as the active session, titled `title`. */
  async waitForImported(title: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('import-dialog')).toHaveCount(0, { timeout: 30_000 });
    await expect(this.scenarioTitle).toHaveText(title);
    await this.waitForPlan();
  }

  /** Click an export button and read the file the browser downloads. */
  async download(testId: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testId).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  // ---------------------------------------------------------------- timeline

  row(index: number): Locator {
    return this.page.locator(`[data-testid="timeline-row"][data-index="${index}"]`);
  }

  /** The row holding the window boundary. */
  boundaryRow(): Locator {
    return this.page.locator('[data-testid="timeline-row"]:has([data-testid="window-boundary"])');
  }

  /**
   * Scroll the virtualized timeline until row `index` is rendered and in view of the scroller.
   * Rows out of range of the list's viewport are not in the DOM at all.
   */
  async revealRow(index: number): Promise<Locator> {
    const row = this.row(index);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      if ((await row.count()) > 0) {
        await row.scrollIntoViewIfNeeded();
        return row;
      }
      await scrollTimelineTowards(this.timeline, index);
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    throw new Error(`timeline row ${index} never rendered`);
  }

  /** Every rendered row's attributes, in index order. */
  async renderedRows(): Promise<RowState[]> {
    return (await readRowDisplays(this.rows)).map(({ index, id, kind, turn, status, reason }) => ({ index, id, kind, turn, status, reason }));
  }

  /** Every rendered row with its texts, read in one round trip (exact text, no normalisation). */
  rowDisplays(): Promise<RowDisplay[]> {
    return readRowDisplays(this.rows);
  }

  /** Start editing a parent message, replace its text, save. */
  async editMessage(index: number, text: string): Promise<void> {
    const row = await this.revealRow(index);
    await row.hover();
    await row.getByTestId('edit-message').click();
    const editor = row.getByTestId('message-editor');
    await editor.fill(text);
    await row.getByTestId('save-message').click();
    await expect(row.getByTestId('message-editor')).toHaveCount(0);
    await this.waitForPlan();
  }

  /** Delete a parent message (two clicks: delete, then confirm). */
  async deleteMessage(index: number): Promise<void> {
    const row = await this.revealRow(index);
    await row.hover();
    await row.getByTestId('delete-message').click();
    await row.getByTestId('confirm-delete-message').click();
    await this.waitForPlan();
  }

  /** Append a message to the parent through the composer. */
  async appendMessage(role: 'user' | 'assistant', text: string): Promise<void> {
    await this.composerRole.selectOption(role);
    await this.composerText.fill(text);
    await this.composerAppend.click();
    await expect(this.composerText).toHaveValue('');
    await this.waitForPlan();
  }

  // ---------------------------------------------------------------- preview

  previewMessage(index: number): Locator {
    return this.previewMessages.nth(index);
  }

  /** Scroll the virtualized list of the child's initial messages to its start or its end. */
  async scrollPreview(to: 'start' | 'end'): Promise<void> {
    await this.previewMessagesList.evaluate((scroller, where) => {
      scroller.scrollTop = where === 'start' ? 0 : scroller.scrollHeight;
    }, to);
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  /** Every initial message of the child, in order, the preview's virtual list scrolled through. */
  allPreviewMessages(): Promise<PreviewMessageState[]> {
    return allPreviewMessages(this.page);
  }

  /** The initial messages the preview has rendered now. */
  renderedPreviewMessages(): Promise<PreviewMessageState[]> {
    return renderedPreviewMessages(this.previewMessagesList, this.previewMessages);
  }

  // ---------------------------------------------------------------- storage

  /** Wait until the workspace on screen is written to the browser's storage. */
  async waitForSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveAttribute('data-status', 'saved');
    await expect(this.saveStatus).toHaveText('Saved in this browser');
  }

  /** The workspace as the page persisted it in IndexedDB (after the save debounce). */
  async storedWorkspace(): Promise<StoredWorkspace | null> {
    await this.waitForSaved();
    return readStoredWorkspace(this.page);
  }

  /** The active session's parent transcript, exactly as stored. */
  async storedTranscript(): Promise<ParentTranscript> {
    const workspace = await this.storedWorkspace();
    const session = workspace?.activeSessionId ? workspace.sessions[workspace.activeSessionId] : undefined;
    if (session === undefined) throw new Error('no active session is stored');
    return session.transcript;
  }

  // ---------------------------------------------------------------- children

  /** Wait until the open child's run has settled with `status` (launching starts a run). */
  async waitForChildRun(status: 'finished' | 'failed' | 'stopped' = 'finished', timeout = 20_000): Promise<void> {
    await expect(this.childPanel.getByTestId('child-run')).toHaveAttribute('data-status', status, { timeout });
    await this.waitForPlan(Math.max(15_000, timeout));
  }

  childField(testId: string): Locator {
    return this.childPanel.getByTestId(testId);
  }

  /** The texts of the open child's inherited messages (the details element is opened first). */
  async childInheritedTexts(): Promise<string[]> {
    const details = this.childPanel.getByTestId('child-inherited');
    const items = details.getByTestId('child-inherited-message');
    // A running child's output grows above the summary, so a click can land where the summary was a
    // frame ago; open it again until it is open, as a person would.
    await expect(async () => {
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
      await expect(items.first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await unfoldTexts(details);
    return items.evaluateAll((elements) => elements.map((element) => element.querySelector('pre')?.textContent ?? ''));
  }

  // ---------------------------------------------------------------- the whole view

  /** The view as data, to compare two pages that should show the same thing. */
  viewState(): Promise<ViewState> {
    return readViewState(this);
  }
}

/** Wait until an element's exact text content (no whitespace normalisation) equals `text`. */
export async function expectExactText(locator: Locator, text: string, timeout = 5_000): Promise<void> {
  await expect.poll(() => locator.textContent(), { timeout }).toBe(text);
}
