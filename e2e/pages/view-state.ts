import type { FieldName, PlaygroundReadings, ViewState } from './playground-types';

/** The view as data, to compare two pages that should show the same thing. */
export async function readViewState(playground: PlaygroundReadings): Promise<ViewState> {
  await playground.waitForPlan();
  const fields: Record<string, string> = {};
  const names: FieldName[] = [
    'fork_turns',
    'subagent_type',
    'name',
    'fork',
    'resume',
    'run_in_background',
    'runtime_version',
    'model',
    'notice',
    'maxDepth',
    'persona',
    'toolFilter',
    'directive',
    'forkPoint',
  ];
  for (const name of names) {
    const field = playground.field(name);
    if ((await field.count()) > 0) fields[name] = await field.inputValue();
  }
  const previewKind = (await playground.childRequest.count())
    ? 'child-request'
    : (await playground.planErrors.count())
      ? 'plan-errors'
      : (await playground.planFresh.count())
        ? 'plan-fresh'
        : 'none';
  return {
    scenario: await playground.scenarioSelect.inputValue(),
    title: (await playground.scenarioTitle.textContent()) ?? '',
    policy: await playground.policySelect.inputValue(),
    fields,
    summary: (await playground.summary.textContent()) ?? '',
    boundaryRow: (await playground.windowBoundary.count()) ? await playground.boundaryRow().getAttribute('data-index') : null,
    boundaryText: (await playground.windowBoundary.count()) ? await playground.windowBoundary.textContent() : null,
    forkPointRow: (await playground.forkPointMarker.count())
      ? await playground.page.locator('[data-testid="timeline-row"]:has([data-testid="fork-point-marker"])').getAttribute('data-index')
      : null,
    rows: await playground.renderedRows(),
    previewKind,
    previewMessages: await playground.renderedPreviewMessages(),
    firstPrompt: (await playground.firstPrompt.count()) ? await playground.firstPrompt.textContent() : null,
    launchEnabled: await playground.launchButton.isEnabled(),
  };
}
