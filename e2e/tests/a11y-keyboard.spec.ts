import { ASSIGNMENT_TEXTS as A, ASSIGNMENT_TAB_LABELS, RESULT_TEXTS as R } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { attempts } from '../../apps/server/src/db/schema/index';
import { type A11yWorld, buildA11yWorld, focusInside, reviewPath, tabTo, tabWalk, walkTabOrder } from './a11y-support';
import { expect, mainMenu, openSignedIn, test } from './support';

/**
 * Issue 18 part 5: the keyboard alone through sign-in, the dashboard and the review (the take-sim screen is
 * in a11y-take-sim.spec.ts, with a microphone). Each screen's tab order reaches every control with a
 * visible focus (a11y-support.ts walkTabOrder); Enter and Space work the controls; dialogs keep the focus and
 * give it back; Escape closes them.
 */

test.use({ actionTimeout: 10_000 });

let world: A11yWorld;
test.beforeAll(async ({ seed }) => {
  world = await buildA11yWorld(seed);
});

test('the keyboard walk finds what Tab cannot reach (the check itself can fail)', async ({ page }) => {
  await page.setContent(
    '<main><button>One</button><div role="button" onclick="void 0">Two</div><a href="#x">Three</a>' +
      '<div role="tablist"><button role="tab" aria-selected="true">A</button><button role="tab" tabindex="-1">B</button></div></main>',
  );
  const walk = await tabWalk(page);
  expect(walk.stops).toBe(3);
  expect(walk.controls).toBe(5);
  // the div acting as a button has no tab stop; tab B is reached through its group's selected tab
  expect(walk.missed).toEqual(['<div role="button" onclick="void 0" data-a11y-control="c1">Two</div>']);
});

test('sign-in, by keyboard: the form is filled and sent with the keyboard, and lands on the dashboard', async ({
  page,
}) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await expect(email).toBeVisible();
  const stops = await walkTabOrder(page, '/login');
  expect(stops).toBeGreaterThanOrEqual(3);
  await tabTo(page, email);
  await page.keyboard.type(world.team.users.agent.email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(world.team.users.agent.password);
  await tabTo(page, page.getByRole('button', { name: 'SIGN IN', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page)).toBeVisible();
});

test('the dashboard, by keyboard: tabs with the arrow keys, a row opened with Space, its dialog closed with Escape', async ({
  page,
}) => {
  await openSignedIn(page, world.team.tokens.supervisor, '/dashboard');
  const tabs = page.getByRole('tablist').first();
  await expect(tabs.getByRole('tab').first()).toBeVisible();
  await walkTabOrder(page, 'supervisor /dashboard');

  // the tab strip is one stop: the arrow keys move between the tabs, Enter/Space (or the move) selects
  const pending = tabs.getByRole('tab', { name: new RegExp(`^${ASSIGNMENT_TAB_LABELS.PENDING_REVIEW}`) });
  await tabTo(page, tabs.getByRole('tab', { selected: true }));
  for (let i = 0; i < 6 && !(await pending.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowRight');
  await expect(pending).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pending).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: world.simTitle });
  await expect(row).toBeVisible();

  // the row's Review opens with Space; the dialog keeps the focus, Escape closes it, the focus comes back
  const review = row.getByRole('button', { name: `${A.review} ${world.simTitle}` });
  await tabTo(page, review);
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: new RegExp(world.simTitle) });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), 'Tab stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(review).toBeFocused();
});

test('the review, by keyboard: an assessor note written and saved without the mouse', async ({ page, seed }) => {
  await openSignedIn(page, world.team.tokens.supervisor, reviewPath(world));
  const notes = page.getByRole('button', { name: R.assessorNotes, exact: true });
  await expect(notes).toBeVisible();
  await walkTabOrder(page, 'supervisor review');
  // (the decision dialogs, PASS and NO PASS, are opened and closed by keyboard in a11y-dialogs.spec.ts)
  await tabTo(page, notes);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: R.assessorNotes });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('textbox', { name: R.assessorNotes });
  await tabTo(page, box);
  const note = 'Keyboard only: clear and calm.';
  await page.keyboard.type(note);
  await tabTo(page, dialog.getByRole('button', { name: A.save }));
  await page.keyboard.press('Space');
  await expect(page.getByText(R.notesSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(notes).toBeFocused();
  await expect
    .poll(async () => {
      const rows = await seed.db.select().from(attempts).where(eq(attempts.assignmentId, world.reviewAssignmentId));
      return rows.map((r) => r.assessorNotes);
    })
    .toEqual([note]);
});
