import { expect, type Locator, type Page } from '@playwright/test';

/** A day as the Availability calendar names its cell: "1 December 2026". */
export const longDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The calendar's cell of `iso`, named exactly: the day, then what it is (", booked", ", today"). */
export function dayCell(grid: Locator, iso: string, suffix = ''): Locator {
  return grid.getByRole('gridcell', { name: `${longDate(iso)}${suffix}`, exact: true });
}

/**
 * Moves the page's Availability calendar, which shows a month at a time, on to the month of `iso`
 * (at most seven pages on, the booking window), and waits until that day's cell shows.
 */
export async function showMonthOf(page: Page, iso: string): Promise<void> {
  const day = page
    .getByRole('grid', { name: 'Availability' })
    .getByRole('gridcell', { name: new RegExp(`^${longDate(iso)}(,|$)`) });
  await expect(page.getByRole('grid', { name: 'Availability' })).toBeVisible();
  for (let month = 0; month < 7 && (await day.count()) === 0; month += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(day).toBeVisible();
}
