import type { Page } from 'playwright-core';

/** Opens `/simplified` and seats Ann and Bob at a table for two, on its waiting screen (Start Game next). */
export async function seatAnnAndBob(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/simplified`);
  await page.getByLabel('Your name').fill('Ann');
  await page.getByLabel('Number of players').selectOption('2');
  await page.getByRole('button', { name: 'Create Table' }).click();
  await page.getByLabel("Next player's name").fill('Bob');
  await page.getByRole('button', { name: 'Join' }).click();
  await page.getByRole('list', { name: 'Players' }).getByText('Bob').waitFor();
}
