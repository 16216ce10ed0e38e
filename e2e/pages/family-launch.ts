import { expect, type Locator } from '@playwright/test';
import type { PlaygroundPage } from './playground-page';

/**
 * Children one call starts together (Kimi's AgentSwarm): the members the preview lists, and a
 * launch that waits until every one of them is in the fork tree, as one family.
 */
export class FamilyLaunch {
  readonly members: Locator;

  constructor(private readonly playground: PlaygroundPage) {
    this.members = playground.page.getByTestId('family-member');
  }

  /** Click Launch and wait until all `size` children are in the fork tree under one family. */
  async launch(size: number): Promise<Locator> {
    const families = this.playground.page.getByTestId('fork-tree-family');
    const before = await families.count();
    await expect(this.playground.launchButton).toBeEnabled();
    await this.playground.launchButton.click();
    await expect(families).toHaveCount(before + 1);
    const family = families.nth(before);
    await expect(family.getByTestId('fork-tree-child')).toHaveCount(size);
    return family;
  }
}
