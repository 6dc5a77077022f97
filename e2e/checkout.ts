import { expect, type Page } from '@playwright/test';

const CHECKOUT_FRAME = 'iframe[title="Payment (Razorpay stand-in)"]';

/** The payment stand-in's checkout page, in its frame over the site. */
export const checkoutFrame = (page: Page) => page.frameLocator(CHECKOUT_FRAME);
/** The frame itself, in the site's page: there while Checkout is open. */
export const checkoutFrameElement = (page: Page) => page.locator(CHECKOUT_FRAME);

/**
 * Presses a button of the stand-in's checkout page, as a customer does, and again if the press was
 * lost: now and then Chromium drops the first press in the freshly opened frame (a CI trace: the
 * click "done", the button enabled with its listener, no request sent, the frame unchanged). The
 * frame shows it has the press at once: its status speaks ("Paying…"), or it closes.
 */
export async function pressInCheckout(page: Page, name: string): Promise<void> {
  const frame = checkoutFrame(page);
  // Checkout opens once its script has loaded: the press waits for the page to be there.
  await expect(frame.getByRole('button', { name })).toBeEnabled();
  const pressed = async () =>
    (await checkoutFrameElement(page).count()) === 0 ||
    ((await frame.getByRole('status').textContent({ timeout: 1_000 })) ?? '') !== '';
  await expect(async () => {
    if (!(await pressed())) await frame.getByRole('button', { name }).click({ timeout: 5_000 });
    await expect.poll(pressed, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 20_000 });
}
