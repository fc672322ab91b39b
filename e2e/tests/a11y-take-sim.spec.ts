import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import {
  type A11yWorld,
  buildA11yWorld,
  checkDialog,
  expectAccessible,
  fakeMicrophone,
  tabTo,
  takeSimPath,
  walkTabOrder,
} from './a11y-support';
import { expect, openSignedIn, test } from './support';

/**
 * Issue 18 part 5, the take-sim screen: by keyboard alone (every control reached with a visible focus, NEXT
 * with Enter, the microphone with Space, Exit's dialog trapped and closed with Escape), axe-core on the
 * learner's turn while recording, and the live transcript announced to screen readers: a polite live region,
 * in the page before the learner records, holding what the server hears while the fake microphone speaks.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
test.use(fakeMicrophone());

let world: A11yWorld;
test.beforeAll(async ({ seed }) => {
  world = await buildA11yWorld(seed);
});

test('the take-sim screen by keyboard, and its live transcript announced', async ({ page }) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(['microphone'], { origin: `http://127.0.0.1:${port}` });
  await openSignedIn(page, world.team.tokens.agent, takeSimPath(world));
  await expect(page.getByTestId('step-text')).toBeVisible();
  await walkTabOrder(page, 'take-sim: the customer line');
  // Exit's and Restart's confirmations: opened with Enter, trapped, Escape closes them, the focus returns
  await checkDialog(page, page.getByRole('button', { name: T.exit, exact: true }), 'take-sim exit');
  await checkDialog(page, page.getByRole('button', { name: T.restart, exact: true }), 'take-sim restart');

  // NEXT with Enter: the learner's turn
  await tabTo(page, page.getByRole('button', { name: T.next, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(T.yourTurn, { exact: true })).toBeVisible();
  const announcer = page.getByTestId('live-transcript-announcer');
  // the live region is there, silent, before the learner records
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText('');
  await walkTabOrder(page, "take-sim: the learner's turn");

  // the microphone with Space; what the server hears is announced while the learner speaks
  await tabTo(page, page.getByRole('button', { name: T.record }));
  await page.keyboard.press('Space');
  const stop = page.getByRole('button', { name: T.stop });
  await expect(stop).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: T.recordingNow })).toBeVisible();
  // scanned first: the take ends by itself at its cap (15 s for this line), and on a loaded machine the scan and
  // the wait for the first words one after the other could pass it; the words keep arriving during the scan
  await expectAccessible(page, "take-sim: the learner's turn, recording");
  await expect(announcer).toHaveText(/\w{3,}/, { timeout: 20_000 });
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  // one region a screen reader announces the words from
  expect(
    await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: /\w{3,}/ })
      .count(),
  ).toBe(1);
  await tabTo(page, stop, 30, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: T.stop })).toBeHidden({ timeout: 20_000 });
  // the words heard stay, the same as on screen (the final transcript may still replace the last partial)
  const transcript = page.getByTestId('live-transcript');
  await expect
    .poll(async () => {
      const [said, shown] = [(await announcer.textContent()) ?? '', (await transcript.textContent()) ?? ''];
      return /\w{3,}/.test(said) && said === shown ? 'the same words' : `announced "${said}", shown "${shown}"`;
    })
    .toBe('the same words');
});
