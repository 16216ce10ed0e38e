import { withAgentCall } from '@/lib/agent-call/agent-call';
import { firstRequestMessages } from '@/lib/compare/first-request';
import { type ForkPlan, type ForkRequest, planFork } from '@/lib/fork';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import { stripColumn, stripColumnLine, stripSources } from '@/lib/view/inheritance-strip';
import { scenarioFile } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import { ComparePage } from './pages/compare-page';

const DIRECTIVE = 'Write unit tests for parseDate in src/date.ts, covering the edge cases we found.';

/** The words under the picture for a plan, as the engine's plan gives them. */
function lineOf(parentLength: number, plan: ForkPlan): string {
  return stripColumnLine(stripColumn(parentLength, { parent: plan.parent, request: stripSources(firstRequestMessages(plan.child)), cache: plan.cache }));
}

test.describe('the inheritance strip', () => {
  test('the playground draws the next launch beside the children already launched, each as the engine planned it', async ({ shared: playground }) => {
    const scenario = scenarioFile('startup-block');
    await playground.freshScenario('startup-block', scenario.request);
    const strip = playground.page.getByTestId('children-strip');
    const lines = strip.getByTestId('strip-line');
    const length = scenario.transcript.messages.length;
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toHaveText(`next: ${lineOf(length, planFork(scenario.transcript, scenario.request))} (the next launch)`);

    await playground.launch();
    await playground.waitForChildRun('finished');
    await playground.setField('fork_turns', 'all');
    const all = { ...scenario.request, params: { ...scenario.request.params, fork_turns: 'all' } } as ForkRequest;
    // The parent has grown by the child's result since: the child's column is drawn on the parent as it is now.
    const grown = await playground.storedTranscript();
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(`next: ${lineOf(grown.messages.length, planFork(withAgentCall(grown, all).transcript, all))}`);
    const child = strip.getByTestId('strip-column').nth(1);
    const name = await child.getAttribute('data-label');
    expect(name).not.toBeNull();
    await expect(lines.nth(1)).toContainText(`${name}: ${lineOf(grown.messages.length, planFork(scenario.transcript, scenario.request))}`);
    // Row by row, the tones the engine's plan gives: its startup prefix merged, the turns before its window outside.
    const launched = planFork(scenario.transcript, scenario.request);
    const expected = stripColumn(grown.messages.length, {
      parent: launched.parent,
      request: stripSources(firstRequestMessages(launched.child)),
      cache: launched.cache,
    });
    const tones = await child.locator('[data-tone]').evaluateAll((rects) => rects.map((rect) => rect.getAttribute('data-tone')));
    expect(tones).toEqual(expected.segments.map((segment) => segment.tone));
  });

  test('compare draws one strip per variant and charts each first request at the provider picked', async ({ page }) => {
    const compare = new ComparePage(page);
    const { transcript } = scenarioFile('startup-block');
    await compare.open('startup-block');
    const requests: ForkRequest[] = [
      { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } },
      { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
    ];
    const glance = page.getByTestId('compare-glance');
    const lines = glance.getByTestId('strip-line');
    await expect(lines).toHaveCount(7);
    for (const [k, request] of requests.entries()) {
      const planned = planFork(withAgentCall(transcript, request).transcript, request);
      await expect(lines.nth(k)).toHaveText(`${'AB'[k]} (Qwen Code · fork_turns): ${lineOf(transcript.messages.length, planned)}`);
    }
    // A variant the runtime refuses has no child to draw, and says why.
    await compare.setField('B', 'fork_turns', '0');
    await expect(lines.nth(1)).toHaveText(
      'B (Qwen Code · fork_turns): refused: Parameter "fork_turns" must be "all" or a positive integer string such as "3".',
    );

    // Each bar is the figure the variant's own cache table gives for that provider.
    const charts = glance.getByTestId('variant-charts');
    for (const provider of ['anthropic', 'openai']) {
      await glance.getByTestId('chart-provider').selectOption(provider);
      await expect(charts).toHaveAttribute('data-provider', provider);
      const values = (await glance.getByTestId('variant-cost-chart').getAttribute('data-values'))!.split(' ');
      expect(values.map((value) => value.split(':')[0])).toEqual(['A', 'C', 'D', 'E', 'F', 'G']);
      const cell = compare.card('A').locator(`[data-testid="variant-cache-provider"][data-provider="${provider}"] td`).nth(1);
      const dollars = Number(values[0]!.split(':')[1]);
      await expect(cell).toHaveText(formatDollars({ dollars, complete: true, missing: [] }));
    }
  });
});
