import type { Locator, Page } from '@playwright/test';

/** Fork Lab's home page, driven through its stable test ids. */
export class HomePage {
  readonly timelineRows: Locator;
  readonly windowBoundary: Locator;
  readonly previewMessages: Locator;
  readonly firstPrompt: Locator;
  readonly scenarioTitle: Locator;

  constructor(readonly page: Page) {
    this.timelineRows = page.getByTestId('timeline-row');
    this.windowBoundary = page.getByTestId('window-boundary');
    this.previewMessages = page.getByTestId('preview-message');
    this.firstPrompt = page.getByTestId('preview-first-prompt');
    this.scenarioTitle = page.getByTestId('scenario-title');
  }

  async open(scenario?: string): Promise<void> {
    await this.page.goto(scenario === undefined ? '/' : `/?scenario=${encodeURIComponent(scenario)}`);
  }

  row(index: number): Locator {
    return this.page.locator(`[data-testid="timeline-row"][data-index="${index}"]`);
  }
}
