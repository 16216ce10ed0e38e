import { expect, type Locator, type Page } from '@playwright/test';

/** What one grid row shows, read from its data attributes. */
export type GridRowState =
  | { kind: 'parent'; index: number; differs: boolean; cells: { status: string; reason: string }[] }
  | { kind: 'added'; after: number; rule: string; differs: boolean; present: boolean[] };

/** What one entry of the context diff shows. */
export interface DiffEntryState {
  kind: string;
  firstMismatch: boolean;
}

/**
 * The compare view, driven through its test ids. Methods that change a variant wait for every
 * variant to be planned again (`data-ready` on the view) before they return.
 */
export class ComparePage {
  readonly root: Locator;
  readonly cards: Locator;
  readonly gridSummary: Locator;
  readonly onlyDiffering: Locator;
  readonly diffSummary: Locator;
  readonly diffVariant: Locator;
  readonly diffAgainst: Locator;
  readonly directive: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('compare-view');
    this.cards = page.getByTestId('variant-card');
    this.gridSummary = page.getByTestId('grid-summary');
    this.onlyDiffering = page.getByTestId('only-differing');
    this.diffSummary = page.getByTestId('diff-summary');
    this.diffVariant = page.getByTestId('diff-variant');
    this.diffAgainst = page.getByTestId('diff-against');
    this.directive = page.getByTestId('compare-directive');
  }

  /** Open `/compare` (on a scenario, when given) and wait until every variant is planned. */
  async open(scenarioId?: string): Promise<void> {
    await this.page.goto(scenarioId === undefined ? '/compare' : `/compare?scenario=${encodeURIComponent(scenarioId)}`);
    await this.waitPlanned();
  }

  /** A cold server plans the first variants of a large parent in seconds, as the playground's first plan. */
  async waitPlanned(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  }

  card(letter: string): Locator {
    return this.page.locator(`[data-testid="variant-card"][data-letter="${letter}"]`);
  }

  async letters(): Promise<string[]> {
    return this.cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-letter') ?? ''));
  }

  /** The open parameters drawer of a variant. */
  readonly drawer = (): Locator => this.page.getByTestId('variant-parameters');

  /** Open a variant's parameters drawer, do `change` in it, and close it again. */
  async inDrawer(letter: string, change: (drawer: Locator) => Promise<void>): Promise<void> {
    await this.card(letter).getByTestId('variant-parameters-open').click();
    const drawer = this.drawer();
    await expect(drawer).toBeVisible();
    await change(drawer);
    await drawer.getByTestId('variant-parameters-done').click();
    await expect(drawer).toHaveCount(0);
  }

  async setRuntime(letter: string, policy: string): Promise<void> {
    await this.inDrawer(letter, (drawer) =>
      drawer
        .getByTestId('variant-runtime')
        .selectOption(policy)
        .then(() => undefined),
    );
    await this.waitPlanned();
  }

  async setField(letter: string, name: string, value: string): Promise<void> {
    await this.inDrawer(letter, async (drawer) => {
      const input = drawer.getByTestId(`input-${name}`);
      if ((await input.evaluate((element) => element.tagName)) === 'SELECT') await input.selectOption(value);
      else await input.fill(value);
      await expect(input).toHaveValue(value);
    });
    await this.waitPlanned();
  }

  /** Try another system instruction for a variant's child (the experiment field), or the runtime's with null. */
  async setSystemInstruction(letter: string, text: string | null): Promise<void> {
    await this.inDrawer(letter, async (drawer) => {
      if (text === null) {
        await drawer.getByTestId('variant-system-reset').click();
      } else {
        if (!(await drawer.getByTestId('variant-system').isVisible())) await drawer.getByText('Child system instruction').click();
        await drawer.getByTestId('variant-system').fill(text);
      }
    });
    await this.waitPlanned();
  }

  /** Where the variant's first request stops matching the parent's previous one (`none` when it does not). */
  cacheReason(letter: string): Locator {
    return this.card(letter).getByTestId('variant-cache-reason');
  }

  async click(letter: string, button: 'baseline' | 'left' | 'right' | 'duplicate' | 'remove'): Promise<void> {
    await this.card(letter).getByTestId(`variant-${button}`).click();
    await this.waitPlanned();
  }

  /** The grid's folds, as their lines read: "rows 1–8: only A leaves them out". */
  async gridFolds(): Promise<string[]> {
    return (await this.page.getByTestId('grid-fold-toggle').allInnerTexts()).map((text) => text.replace(/^[▸▾]\s*/, ''));
  }

  /** Open every folded run of rows, so each row renders (a short parent renders whole). */
  async openFolds(): Promise<void> {
    const closed = this.page.locator('[data-testid="grid-fold-toggle"][aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
  }

  /** Every grid row, its folds opened, read by scrolling the virtualised grid from top to bottom. */
  async gridRows(): Promise<GridRowState[]> {
    await this.openFolds();
    const scroller = this.page.getByTestId('grid-scroller');
    const seen = new Map<number, GridRowState>();
    for (let top = 0; ; ) {
      const next = await scroller.evaluate((element, at) => {
        element.scrollTop = at;
        return element.scrollTop + element.clientHeight;
      }, top);
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const read = await scroller.locator('[data-vindex]').evaluateAll((items) =>
        items.flatMap((item): { at: number; row: GridRowState }[] => {
          const row = item.querySelector('[data-testid="grid-row"]');
          if (row === null) return [];
          const cells = [...row.querySelectorAll('[data-testid="grid-cell"]')];
          const differs = row.getAttribute('data-differs') === 'true';
          const at = Number(item.getAttribute('data-vindex'));
          if (row.getAttribute('data-kind') === 'parent') {
            return [
              {
                at,
                row: {
                  kind: 'parent' as const,
                  index: Number(row.getAttribute('data-index')),
                  differs,
                  cells: cells.map((cell) => ({ status: cell.getAttribute('data-status') ?? '', reason: cell.getAttribute('data-reason') ?? '' })),
                },
              },
            ];
          }
          return [
            {
              at,
              row: {
                kind: 'added' as const,
                after: Number(row.getAttribute('data-after')),
                rule: row.getAttribute('data-rule') ?? '',
                differs,
                present: cells.map((cell) => cell.getAttribute('data-present') === 'true'),
              },
            },
          ];
        }),
      );
      for (const { at, row } of read) seen.set(at, row);
      const end = await scroller.evaluate((element) => element.scrollHeight);
      if (next >= end) break;
      top = next;
    }
    await scroller.evaluate((element) => {
      element.scrollTop = 0;
    });
    return [...seen.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }

  /** The diff follows new plans a render after the grid: wait until it has caught up. */
  async diffEntries(): Promise<DiffEntryState[]> {
    await expect(this.page.getByTestId('context-diff')).not.toHaveAttribute('data-pending', 'true');
    return this.page
      .getByTestId('diff-entry')
      .evaluateAll((entries) =>
        entries.map((entry) => ({ kind: entry.getAttribute('data-kind') ?? '', firstMismatch: entry.getAttribute('data-first-mismatch') === 'true' })),
      );
  }

  async chooseDiff(letter: string, against: 'baseline' | 'parent'): Promise<void> {
    const value = await this.diffVariant
      .locator('option')
      .filter({ hasText: new RegExp(`^${letter}( |$)`) })
      .getAttribute('value');
    await this.diffVariant.selectOption(value!);
    await this.diffAgainst.selectOption(against);
  }
}
