import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { CREATE_LEVELS_TEXTS, SIM_BUILDER_TEXTS } from '@sim/shared';
import { buildAssignment, buildLevelAttempts } from '../../apps/server/test/factories/assignments';
import { buildTakeSim } from '../../apps/server/test/factories/attempts';
import type { Seed } from '../../apps/server/test/factories/company';
import { buildTicket, grantToRole } from '../../apps/server/test/factories/helpdesk';
import config from '../playwright.config';
import { buildTeam, expect, type Team } from './support';

/**
 * The accessibility specs' own helpers (issue 18 part 5): an axe-core scan that fails on serious and
 * critical violations, the data every screen needs (a company of every role, a sim with an assignment, a
 * completed attempt waiting for review, a ticket), and the keyboard helpers of the keyboard walk.
 */

/** The impacts the issue forbids. */
const FORBIDDEN = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits until the page has no spinner left (its data has come), without waiting for the network to idle. */
export async function loaded(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.MuiCircularProgress-root, .MuiSkeleton-root'), undefined, {
    timeout: 10_000,
  });
}

/** Waits until no CSS transition or animation runs (a dialog fading in has a transparent text colour). */
export async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * The serious and critical violations axe-core finds on the page (or inside `within`), every rule on:
 * WCAG 2.0/2.1/2.2 A and AA and axe's best practices.
 */
export async function axeFindings(page: Page, within?: string): Promise<Finding[]> {
  await settle(page);
  // only the violations are read: axe then skips the selectors of every passing node (its API's performance
  // advice), the most of a scan's time on a large page
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (within) builder = builder.include(within);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => FORBIDDEN.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
    }));
}

/** Scans and records the screen as checked; soft, so one run lists every screen's violations. */
export async function expectAccessible(page: Page, where: string, within?: string) {
  const started = Date.now();
  const findings = await axeFindings(page, within);
  scanned.push(`${where} (${Date.now() - started} ms)`);
  expect.soft(findings, `axe-core serious/critical violations on ${where}`).toEqual([]);
}

/** The screens and dialogs scanned in this worker, printed by the specs. */
export const scanned: string[] = [];

/** Closes the open dialog with Escape and checks that it is gone. */
export async function escapeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export const LEVEL_NAME = 'Book a visit';
export const LEVEL_ORDER = 2;
export const CUSTOMER_LINE = 'Hi, I would like to book a visit with a cardiologist.';
export const AGENT_LINE = 'I can schedule your appointment with the cardiologist on Monday morning.';

export interface A11yWorld {
  team: Team;
  simId: string;
  simTitle: string;
  levelId: string;
  /** the agent's assignment, NOT STARTED */
  assignmentId: string;
  /** agent2's assignment of the same sim, sent for review with a completed attempt */
  reviewAssignmentId: string;
  ticketNumber: number;
}

/**
 * A company of every role (./support.ts buildTeam), whose supervisors handle tickets; a Training SIM with one
 * level (a customer line and an agent line with keywords); an assignment of it to the agent (to take) and one
 * to the second agent, completed and sent for review; a ticket raised by the agent.
 */
export async function buildA11yWorld(seed: Seed): Promise<A11yWorld> {
  const team = await buildTeam(seed);
  await grantToRole(seed, team.company.roleIds.supervisor, [{ task: 'tickets', type: 'update' }]);
  const simTitle = `A11y sim ${Date.now()}`;
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title: simTitle },
    levels: [
      {
        order: LEVEL_ORDER,
        lines: [
          ['customer', CUSTOMER_LINE],
          ['agent', AGENT_LINE, { keywords: ['schedule', 'Monday'] }],
        ],
        fields: { name: LEVEL_NAME, keywordScore: true },
      },
    ],
  });
  const [level] = sim.levels;
  if (!level) throw new Error('no level');
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
  });
  const review = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent2.id,
    assignedById: team.users.supervisor.id,
    status: 'PENDING REVIEW',
  });
  await buildLevelAttempts(seed, review);
  const ticket = await buildTicket(seed, {
    companyId: team.company.companyId,
    createdById: team.users.agent.id,
    message: 'The customer clip does not play on my laptop.',
  });
  return {
    team,
    simId: sim.simId,
    simTitle,
    levelId: level.id,
    assignmentId: assignment.id,
    reviewAssignmentId: review.id,
    ticketNumber: ticket.number,
  };
}

/** The level as the dashboard's START opens it (learner-and-review.md section 2). */
export function takeSimPath(w: A11yWorld): string {
  const query = new URLSearchParams({
    levelId: w.levelId,
    assignment_id: w.assignmentId,
    sim_id: w.simId,
    user_id: w.team.users.agent.id,
    reviewer: 'false',
    order: String(LEVEL_ORDER),
    continueSimLevel: 'false',
    activeIndex: '0',
  });
  return `/sims/takesim?${query.toString()}`;
}

/** The reviewer's result view of the second agent's attempt (section 2). */
export function reviewPath(w: A11yWorld): string {
  const query = new URLSearchParams({
    viewResult: 'true',
    assignment_id: w.reviewAssignmentId,
    user_id: w.team.users.agent2.id,
    sim_id: w.simId,
    reviewer: 'true',
    levelId: w.levelId,
  });
  return `/sims/takesim?${query.toString()}`;
}

/** What has the focus: its role-ish description, for the keyboard walk's messages. */
export function describeFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label}"`;
  });
}

/**
 * Presses Tab until `target` has the focus (at most `max` presses), checking on the way that every focused
 * element shows a visible focus indicator (an outline, a box shadow or a changed background).
 */
export async function tabTo(page: Page, target: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`${max} × ${key} did not reach ${target}; focus is on ${await describeFocus(page)}`);
}

/**
 * The focused element shows where the focus is: an outline, a focus ring (box shadow) or MUI's focus-visible
 * class on it; else (a field that shows its focus on its outline, beside the input) the pixels around it
 * differ with and without the focus (Playwright hides the text caret in screenshots).
 */
export async function expectFocusVisible(page: Page) {
  const quick = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    if (!el.matches(':focus-visible')) return `not :focus-visible: ${el.outerHTML.slice(0, 160)}`;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const muiClass = el.classList.contains('Mui-focusVisible') || el.closest('.Mui-focused') !== null;
    return outline || ring || muiClass ? 'ok' : 'look';
  });
  if (quick !== 'look') {
    expect.soft(quick, 'the focused control shows where the focus is').toBe('ok');
    return;
  }
  const focused = page.locator(':focus');
  const box = await focused.evaluate((el) => {
    const around = el.parentElement?.parentElement ?? el;
    const r = around.getBoundingClientRect();
    return { x: Math.max(0, r.x - 4), y: Math.max(0, r.y - 4), width: r.width + 8, height: r.height + 8 };
  });
  const withFocus = await page.screenshot({ clip: box });
  await focused.evaluate((el) => {
    el.setAttribute('data-a11y-refocus', '');
    (el as HTMLElement).blur();
  });
  const without = await page.screenshot({ clip: box });
  await page.locator('[data-a11y-refocus]').evaluate((el) => {
    el.removeAttribute('data-a11y-refocus');
    (el as HTMLElement).focus();
  });
  expect.soft(withFocus.equals(without), 'the focused control shows where the focus is (pixels)').toBe(false);
}

/** The dialog on top (MUI keeps a closing one in the page for its exit transition). */
export const topDialog = (page: Page) => page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').last();

/** The focus is inside the element. */
export const focusInside = (target: Locator) =>
  target.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body);

let opened = 0;

export interface DialogCheck {
  /** the dialog does not close on Escape by design (a choice the learner must make): closed by this button */
  closeWith?: string | RegExp;
  /** the dialog leaves the page when it closes (a navigation): the focus is not expected back on the opener */
  noReturn?: boolean;
}

/**
 * A dialog, by keyboard: the opener focused and Enter pressed; the dialog opens with the focus inside it;
 * axe-core finds no serious or critical violation in it; Tab and Shift+Tab keep the focus inside (the trap);
 * Escape closes it and the focus returns to the opener.
 */
export async function checkDialog(page: Page, opener: Locator, where: string, check: DialogCheck = {}) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(topDialog(page), `${where}: a dialog opens`).toBeVisible();
  // pinned: a dialog opened over another leaves that one on top once closed
  const mark = String(++opened);
  await topDialog(page).evaluate((el, m) => el.setAttribute('data-a11y-dialog', m), mark);
  const dialog = page.locator(`[data-a11y-dialog="${mark}"]`);
  await expect.poll(() => focusInside(dialog), { message: `${where}: the focus moves into the dialog` }).toBe(true);
  await expectAccessible(page, `${where} (dialog)`, '[role="dialog"], [role="alertdialog"]');
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect.soft(await focusInside(dialog), `${where}: ${key} keeps the focus in the dialog`).toBe(true);
  }
  if (check.closeWith) await dialog.getByRole('button', { name: check.closeWith }).click();
  else await page.keyboard.press('Escape');
  await expect(dialog, `${where}: Escape closes the dialog`).toBeHidden();
  if (!check.noReturn) await expect.soft(opener, `${where}: the focus returns to the opener`).toBeFocused();
}

/** The builder of the world's sim, through Basic Information and Select Avatars (each scanned) to its level. */
export async function openBuilderLevel(page: Page, w: A11yWorld, scan?: string) {
  await page.goto(`/sims/createsim?simId=${w.simId}`);
  await expect(page.getByRole('heading', { name: SIM_BUILDER_TEXTS.basicInfoTitle })).toBeVisible();
  if (scan) await expectAccessible(page, `${scan} sim builder: basic information`);
  await page.getByRole('button', { name: SIM_BUILDER_TEXTS.next, exact: true }).click();
  await expect(page.getByRole('heading', { name: SIM_BUILDER_TEXTS.selectAvatarsTitle })).toBeVisible();
  if (scan) await expectAccessible(page, `${scan} sim builder: select avatars`);
  await page.getByRole('button', { name: SIM_BUILDER_TEXTS.next, exact: true }).click();
  const levels = page.getByRole('list', { name: CREATE_LEVELS_TEXTS.levelsList });
  await expect(levels).toBeVisible();
  await levels.getByRole('button', { name: new RegExp(`^${LEVEL_NAME}`) }).click();
  const canvas = page.getByRole('list', { name: CREATE_LEVELS_TEXTS.canvas(LEVEL_NAME) });
  await expect(canvas).toBeVisible();
  if (scan) await expectAccessible(page, `${scan} sim builder: create levels`);
  return canvas;
}

/** Roles whose group is one tab stop, moved through with the arrow keys (a roving tabindex). */
const ROVING = { tab: 'tablist', radio: 'radiogroup', menuitem: 'menu', option: 'listbox' } as const;

/**
 * The keyboard walk of a screen: Tab from the top of the page until the focus comes round again (at most
 * `max` presses). Every stop shows a focus indicator, and every control a pointer could use — enabled,
 * visible, outside a hidden part — was reached: each one, or for a group moved through with arrow keys
 * (tabs, radios), one of the group. Answers the number of tab stops.
 */
export async function walkTabOrder(page: Page, where: string, max = 120): Promise<number> {
  const { stops, controls, missed } = await tabWalk(page, max);
  expect.soft(missed, `${where}: controls Tab never reaches`).toEqual([]);
  console.log(`a11y tab walk, ${where}: ${stops} tab stops, ${controls} controls, ${missed.length} missed`);
  return stops;
}

/** The walk itself: the tab stops, the number of controls, and the controls never reached (their HTML). */
export async function tabWalk(page: Page, max = 120) {
  const controls = await page.evaluate((roving) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[contenteditable="true"]',
      ...[
        'button',
        'link',
        'checkbox',
        'radio',
        'switch',
        'tab',
        'menuitem',
        'option',
        'slider',
        'combobox',
        'textbox',
        'spinbutton',
      ].map((r) => `[role="${r}"]`),
    ].join(',');
    const shown = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]')
      );
    };
    const disabled = (el: Element) =>
      el.matches(':disabled') ||
      el.closest('[aria-disabled="true"]') !== null ||
      el.closest('fieldset:disabled') !== null;
    // an input inside a labelled control (MUI's hidden native input of a checkbox, a select's value) is the
    // control itself: the one the user tabs to is the outer element or the input, not both
    let n = 0;
    const list: { id: string; group: string | null; html: string }[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!shown(el) || disabled(el)) continue;
      if (el.matches('input') && (el as HTMLInputElement).tabIndex < 0 && el.closest('[role="combobox"]')) continue;
      const role = el.getAttribute('role') ?? (el.matches('input[type="radio"]') ? 'radio' : '');
      const groupRole = (roving as Record<string, string>)[role];
      const group = groupRole ? el.closest(`[role="${groupRole}"]`) : null;
      if (group && !group.id && !group.hasAttribute('data-a11y-group'))
        group.setAttribute('data-a11y-group', `g${n++}`);
      const id = `c${n++}`;
      el.setAttribute('data-a11y-control', id);
      list.push({
        id,
        group: group ? group.id || group.getAttribute('data-a11y-group') : null,
        html: el.outerHTML.slice(0, 140),
      });
    }
    return list;
  }, ROVING);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const reached = new Set<string>();
  let first: string | null = null;
  let stops = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const mark = el.closest('[data-a11y-control]')?.getAttribute('data-a11y-control');
      const inner = el.querySelector('[data-a11y-control]')?.getAttribute('data-a11y-control');
      return { key: mark ?? inner ?? el.outerHTML.slice(0, 80), ids: [mark, inner].filter(Boolean) as string[] };
    });
    if (!at) continue;
    if (at.key === first) break;
    first ??= at.key;
    stops++;
    for (const id of at.ids) reached.add(id);
    await expectFocusVisible(page);
  }
  const groupsReached = new Set(controls.filter((c) => reached.has(c.id) && c.group).map((c) => c.group));
  const missed = controls.filter((c) => !reached.has(c.id) && !(c.group && groupsReached.has(c.group)));
  return { stops, controls: controls.length, missed: missed.map((c) => c.html) };
}

/** a human reader (pocketsphinx's test data, LibriVox), 16-bit PCM as Chromium's fake microphone wants */
export const HUMAN_VOICE_WAV =
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0890.wav';

/** `test.use()` options of a spec that records: Chromium's fake microphone speaking `wav`, asked of no one. */
export function fakeMicrophone(wav = HUMAN_VOICE_WAV) {
  return {
    actionTimeout: 10_000,
    launchOptions: {
      ...config.use?.launchOptions,
      args: [
        ...(config.use?.launchOptions?.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ],
    },
  };
}
