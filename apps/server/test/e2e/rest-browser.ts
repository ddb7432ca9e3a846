import type { Page } from 'playwright-core';

/**
 * Starts a REST game against the computer in the browser as `name` (docs/product.md §P2.2
 * "Server-backed REST game"): Create New Game, the name, Create, then "I'M READY TO PLAY" and
 * "START GAME NOW" (a lone player gets an AI opponent); `addAi` adds one with Add AI first.
 * Resolves when the hand shows.
 */
export async function startRestGameAgainstAi(page: Page, base: string, addAi = false, name = 'Ann'): Promise<void> {
  await page.goto(`${base}/rest-poker`);
  await page.getByRole('button', { name: 'Create New Game' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  if (addAi) {
    await page.waitForURL(/\/rest-poker\/[A-Z0-9]{6}$/);
    await page.getByRole('button', { name: 'Add AI', exact: true }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('AI Player 1').waitFor();
  }
  await page.getByRole('button', { name: "I'M READY TO PLAY" }).click();
  await page.getByRole('button', { name: 'START GAME NOW' }).click();
  await page.getByRole('group', { name: 'Hand' }).getByRole('button').first().waitFor();
}
