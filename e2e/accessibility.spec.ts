import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ComparePage } from './pages/compare-page';
import { FamilyLaunch } from './pages/family-launch';
import { PlaygroundPage } from './pages/playground-page';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

test.describe.configure({ mode: 'parallel' });

/**
 * WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices: heading-order is only a best practice, yet a
 * skipped level is how a screen reader user loses their place in the page.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Rules this scan exists to keep: a change of tags that drops one of them fails the spec. */
const REQUIRED_RULES = ['color-contrast', 'heading-order', 'scrollable-region-focusable'];

/** One screen of Fork Lab, reached from a fresh load of the playground. */
interface View {
  name: string;
  viewport?: { width: number; height: number };
  show: (playground: PlaygroundPage) => Promise<void>;
}

/** Open every closed <details> under `root`, so what it hides is scanned too. */
async function openDetails(page: Page, root: string): Promise<void> {
  await page.locator(`${root} details:not([open]) > summary`).evaluateAll((summaries) => {
    for (const summary of summaries) (summary as HTMLElement).click();
  });
}

const IMPORTED = JSON.stringify([
  { role: 'user', content: 'Plan the release.' },
  { role: 'assistant', content: 'Freeze on Friday.' },
]);

async function launchChild(playground: PlaygroundPage): Promise<void> {
  await playground.launch();
  await playground.waitForChildRun('finished');
  await openDetails(playground.page, '[data-testid="child-panel"]');
}

/** Every view of the app: a new view joins the scan by one line here. */
const VIEWS: View[] = [
  { name: 'the playground as loaded', show: async () => {} },
  { name: 'a child launched and open', show: launchChild },
  {
    name: 'the import dialog',
    show: async (playground) => {
      await playground.page.getByTestId('open-import').click();
      await expect(playground.page.getByTestId('import-dialog')).toBeVisible();
    },
  },
  { name: 'the narrow layout with a child open', viewport: { width: 390, height: 844 }, show: launchChild },
  {
    name: 'an edited parent',
    show: async (playground) => {
      await playground.editMessage(1, 'An edited message.');
      await expect(playground.scenarioTitle).toContainText('· edited');
    },
  },
  {
    name: 'an earlier fork point',
    show: async (playground) => {
      await playground.setField('forkPoint', '5');
      await expect(playground.forkPointMarker).toHaveCount(1);
    },
  },
  {
    name: 'a call the runtime refuses',
    show: async (playground) => {
      await playground.setField('fork_turns', '0');
      await expect(playground.planErrors).toBeVisible();
    },
  },
  {
    name: 'the raw JSON of the plan',
    show: async (playground) => {
      await playground.page.getByTestId('toggle-raw-json').click();
      await expect(playground.page.getByTestId('raw-json')).toBeVisible();
    },
  },
  {
    name: 'an imported session and its report',
    show: async (playground) => {
      await playground.importPasted(IMPORTED, 'openai-chat');
      await playground.waitForImported('OpenAI Chat Completions (messages JSON)');
      await expect(playground.page.getByTestId('import-report')).toBeVisible();
    },
  },
  {
    name: 'a Kimi AgentSwarm family previewed, launched and delivered',
    show: async (playground) => {
      await playground.pickScenario('kimi-agent-swarm-fork');
      const family = await new FamilyLaunch(playground).launch(3);
      await expect(family).toContainText('result delivered to the parent', { timeout: 30_000 });
    },
  },
  {
    name: 'the compare view with a part diff and a sweep',
    show: async (playground) => {
      const page = playground.page;
      await page.getByTestId('open-compare').click();
      const compare = new ComparePage(page);
      await compare.waitPlanned();
      await compare.chooseDiff('A', 'parent');
      await page.locator('[data-testid="diff-entry"][data-kind="changed"]').first().getByTestId('toggle-part-diff').click();
      await page.getByTestId('sweep-checks').fill('contains:v2.14.3');
      await page.getByTestId('sweep-run').click();
      await expect(page.getByTestId('sweep-results')).toBeVisible({ timeout: 20_000 });
    },
  },
];

/** One violation as lines a person can act on: rule, impact, and each node's selector with why it fails. */
function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.map((node) => {
    const why = node.failureSummary?.split('\n').slice(1).join(' ').trim();
    return `    ${node.target.join(' ')}${why ? ` — ${why}` : ''}`;
  });
  return [`${violation.id} (${violation.impact ?? 'no impact'}, ${violation.nodes.length} nodes): ${violation.help}`, ...nodes].join('\n');
}

function rulesRun(results: AxeResults): Set<string> {
  return new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id));
}

// The app has a dark palette too (prefers-color-scheme): each view is scanned in both.
for (const view of VIEWS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${view.name} (${colorScheme}) has no accessibility violations`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme });
      if (view.viewport) await page.setViewportSize(view.viewport);
      const playground = new PlaygroundPage(page);
      await playground.open({ scenario: 'startup-block' });
      await view.show(playground);
      // A preview being planned again is drawn faded (data-stale): the scan reads the settled page.
      await expect(page.locator('[data-stale]')).toHaveCount(0, { timeout: 15_000 });

      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const missing = REQUIRED_RULES.filter((rule) => !rulesRun(results).has(rule));
      expect(missing, 'rules the scan must run').toEqual([]);
      expect(results.violations.map(describeViolation).join('\n'), 'axe violations').toBe('');
    });
  }
}

test('every select on the playground draws the chevron that says it opens a list', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  const selects = page.locator('select:not([disabled])');
  expect(await selects.count()).toBeGreaterThan(2);
  const images = await selects.evaluateAll((all) => all.map((select) => getComputedStyle(select).backgroundImage));
  for (const image of images) expect(image).toContain('data:image/svg+xml');
});
