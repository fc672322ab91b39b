import { HELPDESK_TEXTS as H, HELPDESK_MESSAGES as M, notificationsLabel, TAKE_SIM_TEXTS as T } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { attempts, helpdeskTickets } from '../../apps/server/src/db/schema/index';
import { PNG_1x1 } from '../../apps/server/test/factories/helpdesk';
import {
  AGENT_LINE,
  type HelpdeskJourney,
  LEVEL_NAME,
  LEVEL_ORDER,
  prepareHelpdesk,
  takeSimPath,
} from './helpdesk-seed';
import { expect, type Session, signedInSession, test } from './support';

/**
 * Issue 17, "Done means": an agent inside a level opens the help dialog, writes a message, attaches a PNG and
 * sends; a supervisor sees the ticket under Help Requests with the count in the chips, opens it, sees the
 * sim, level and script and the attachment, replies and resolves; the agent sees the reply, the RESOLVED
 * status and the bell's count.
 */

const QUESTION = 'Which words does this line need? I keep missing it.';
const REPLY = 'Say "Monday" clearly; the rest can be your own words.';

test('a learner asks for help from a level; a supervisor answers and resolves it', async ({ seed, browser }) => {
  test.setTimeout(120_000);
  const j: HelpdeskJourney = await prepareHelpdesk(seed);
  let agent: Session | undefined;
  let supervisor: Session | undefined;
  try {
    // the agent, inside the level, on the agent's line (step 2)
    agent = await signedInSession(browser, j.team.tokens.agent);
    const page = agent.page;
    await page.goto(takeSimPath(j));
    await expect(page.getByText(T.levelNumber(LEVEL_ORDER + 1), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: T.next, exact: true }).click();
    await expect(page.getByText(T.yourTurn, { exact: true })).toBeVisible();
    // the screen keeps where the learner is (the server reads it for the request's script)
    await expect
      .poll(async () => {
        const [row] = await seed.db
          .select({ index: attempts.activeIndex })
          .from(attempts)
          .where(and(eq(attempts.assignmentId, j.assignmentId), eq(attempts.simLevelId, j.levelId)));
        return row?.index;
      })
      .toBe(1);

    await page.getByRole('button', { name: H.requestHelp }).click();
    const dialog = page.getByRole('dialog', { name: H.dialogTitle });
    await dialog.getByRole('textbox', { name: H.messageLabel }).fill(QUESTION);
    await dialog
      .getByLabel(H.fileInput)
      .setInputFiles({ name: 'my-screen.png', mimeType: 'image/png', buffer: PNG_1x1 });
    const uploads = dialog.getByRole('list', { name: H.attachments });
    await expect(uploads.getByText(`my-screen.png (${PNG_1x1.length} B)`)).toBeVisible();
    await expect(uploads.getByText(H.uploaded)).toBeVisible();
    await dialog.getByRole('button', { name: H.send }).click();
    await expect(page.getByText(M.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    const [stored] = await seed.db
      .select()
      .from(helpdeskTickets)
      .where(eq(helpdeskTickets.companyId, j.team.company.companyId));
    expect(stored).toMatchObject({
      status: 'PENDING',
      simId: j.simId,
      simLevelId: j.levelId,
      assignmentId: j.assignmentId,
    });
    expect(stored.page).toContain('/sims/takesim?');

    // the supervisor: Help Requests with its count in the chips, the ticket, reply, resolve
    supervisor = await signedInSession(browser, j.team.tokens.supervisor);
    const sp = supervisor.page;
    await sp.goto('/helpdesk');
    await sp.getByRole('tab', { name: `${H.helpRequests} (1)` }).click();
    const chips = sp.getByRole('group', { name: H.filtersLabel });
    await expect(chips.getByRole('button', { name: `${H.filterLabels.pending} (1)` })).toBeVisible();
    await expect(chips.getByRole('button', { name: `${H.filterLabels.unassigned} (1)` })).toBeVisible();
    const row = sp.getByRole('table', { name: H.ticketsTable }).getByRole('row').filter({ hasText: 'Which words' });
    await expect(row).toContainText('PENDING');
    await row.getByRole('button', { name: H.open(stored.number) }).click();
    const detail = sp.getByRole('dialog', { name: new RegExp(H.ticketTitle(stored.number)) });
    await expect(detail.getByRole('group', { name: H.sim })).toContainText(j.simTitle);
    await expect(detail.getByRole('group', { name: H.level })).toContainText(H.levelValue(LEVEL_ORDER, LEVEL_NAME));
    await expect(detail.getByRole('group', { name: H.script })).toContainText(`${H.scriptValue(2)}: ${AGENT_LINE}`);
    const attachment = detail.getByRole('list', { name: H.attachments }).getByRole('link', { name: 'my-screen.png' });
    await expect(attachment).toBeVisible();
    const file = await sp.request.get((await attachment.getAttribute('href')) ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    await expect(detail.getByRole('list', { name: H.conversation })).toContainText(QUESTION);
    await detail.getByRole('textbox', { name: H.replyLabel }).fill(REPLY);
    await detail.getByRole('button', { name: H.sendReply }).click();
    await expect(sp.getByText(M.updated)).toBeVisible();
    await expect(detail.getByRole('list', { name: H.conversation })).toContainText(REPLY);
    await detail.getByRole('button', { name: H.resolve }).click();
    const confirm = sp.getByRole('dialog', { name: H.closeDialogTitle('RESOLVED') });
    await confirm.getByRole('button', { name: 'RESOLVED' }).click();
    await expect(sp.getByText(M.markedResolved)).toBeVisible();
    await expect(detail.getByRole('button', { name: H.resolve })).toBeHidden();

    // the agent: the reply, RESOLVED, and the bell (the reply and the resolution)
    await page.goto('/helpdesk');
    await expect(page.getByRole('button', { name: notificationsLabel(2) })).toBeVisible();
    const mine = page.getByRole('table', { name: H.ticketsTable }).getByRole('row').filter({ hasText: 'Which words' });
    await expect(mine).toContainText('RESOLVED');
    await mine.getByRole('button', { name: H.open(stored.number) }).click();
    const seen = page.getByRole('dialog', { name: new RegExp(H.ticketTitle(stored.number)) });
    await expect(seen.getByRole('list', { name: H.conversation })).toContainText(REPLY);
    // a resolved ticket takes no more replies, and says so instead of a disabled box (issue 31)
    await expect(seen.getByText(H.replyClosed('RESOLVED'), { exact: true })).toBeVisible();
    await expect(seen.getByRole('textbox', { name: H.replyLabel })).toHaveCount(0);
    expect(agent.errors, 'errors logged by the agent’s page').toEqual([]);
    expect(supervisor.errors, 'errors logged by the supervisor’s page').toEqual([]);
  } finally {
    await agent?.close();
    await supervisor?.close();
  }
});
