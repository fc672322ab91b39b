import crypto from 'node:crypto';
import { JOB_KINDS, PERMISSION_CATALOGUE, permissionKey } from '@sim/shared';
import { eq } from 'drizzle-orm';
import {
  cases,
  classNotes,
  helpdeskTicketAttachments,
  jobs,
  notificationRecipients,
  notifications,
  rolePermissions,
  screenRecordingFiles,
  screenRecordingVideos,
  sims,
  tempRoles,
} from '../../src/db/schema/index';
import { permissionIdsByKey } from '../../src/modules/permissions/catalogue';
import {
  buildAssignment,
  buildRole,
  buildStaffedCompany,
  buildTakeSim,
  buildUser,
  type Caller,
  caller,
  dayFromToday,
  fakeMp3,
  SCRIPTED_LINES,
  SPOKEN_LINES,
  type StaffedCompany,
  type TestContext,
  type TestUser,
  tokenFor,
} from '../factories';
import { buildTicket } from '../factories/helpdesk';
import { buildResult } from '../factories/results';
import type { TenantKind } from './record-kinds';

/**
 * Two companies for the isolation test, built by the factories: each with every role (admin, account
 * owner, manager, supervisor, two agents and a cohort group), a user holding every permission of the
 * catalogue (`boss`), a custom role held as a temporary role, a sim to take (two levels, scripts,
 * characters), an audio job, and for each of the two learners an assignment, a completed attempt with its
 * graded lines (recordings in the blob store), a class note, a ticket with an attachment, a notification
 * and a screen recording of the attempt (the blobs its rows name are kept in `blobs`). Company A also has a platform administrator holding every
 * permission.
 */

export type RecordSet = Record<TenantKind, string>;

export interface Tenant {
  staff: StaffedCompany<{ owner: true; agent2: true; cohort: true }>;
  boss: { user: TestUser; as: Caller };
  /** the records of the first learner (agent), and the same with the second learner's own records (agent2) */
  records: RecordSet;
  records2: RecordSet;
  /** every id of the company's records, its users' emails and its sim's title (to find them in an answer) */
  allIds: string[];
  /** the blob keys the company's rows name (recordings, attachments), with their bytes */
  blobs: Map<string, Buffer>;
}

async function everythingRole(ctx: TestContext, companyId: string): Promise<string> {
  const ids = await permissionIdsByKey(ctx.db);
  const id = await buildRole(ctx, { companyId }, []);
  const all = PERMISSION_CATALOGUE.flatMap((p) =>
    p.tasks.flatMap((t) => t.types.map((type) => ids.get(permissionKey(t.name as never, type))!)),
  );
  await ctx.db.insert(rolePermissions).values(all.map((permissionId) => ({ roleId: id, permissionId })));
  return id;
}

/** A user of the company holding every permission (a platform administrator when asked), with a caller. */
export async function everythingUser(ctx: TestContext, company: StaffedCompany, platformAdmin = false) {
  const role = await everythingRole(ctx, company.company.companyId);
  const user = await buildUser(
    ctx,
    { ...company.company, roleIds: { ...company.company.roleIds, everything: role } },
    { role: 'everything', platformAdmin },
  );
  return { user, as: caller(ctx, await tokenFor(ctx, user)) };
}

export async function buildTenant(ctx: TestContext): Promise<Tenant> {
  const staff = await buildStaffedCompany(ctx, { owner: true, agent2: true, cohort: true });
  const companyId = staff.company.companyId;
  const boss = await everythingUser(ctx, staff);
  const role = await buildRole(ctx, { companyId }, []);
  // the spoken level sends its audio to the voice-recording service (its routes reach the ids)
  const sim = await buildTakeSim(ctx, staff.users.admin, {
    levels: [
      { order: 0, lines: SCRIPTED_LINES },
      { order: 2, lines: SPOKEN_LINES, fields: { sendToSnowfly: true } },
    ],
  });
  const [first, spoken] = sim.levels;
  const [{ title: simTitle }] = await ctx.db.select({ title: sims.title }).from(sims).where(eq(sims.id, sim.simId));
  const [job] = await ctx.db
    .insert(jobs)
    .values({
      companyId,
      kind: JOB_KINDS.levelAudio,
      status: 'done',
      payload: { sim_id: sim.simId, level_id: spoken.id },
      createdBy: staff.users.admin.id,
    })
    .returning({ id: jobs.id });
  await ctx.db.insert(tempRoles).values({
    userId: staff.users.agent.id,
    roleId: role,
    startDate: dayFromToday(-1),
    endDate: dayFromToday(30),
  });

  const blobs = new Map<string, Buffer>();
  const learnerRecords = async (learner: TestUser) => {
    const assignment = await buildAssignment(ctx, {
      companyId,
      simId: sim.simId,
      userId: learner.id,
      status: 'IN PROGRESS',
      assignedById: staff.users.admin.id,
    });
    // every level completed (the learner may send the assignment for review)
    await buildResult(ctx, assignment, first);
    const { attempt, lines } = await buildResult(ctx, assignment, spoken, { assessorNotes: 'Well done' });
    for (const line of lines.values()) if (line.audioKey) blobs.set(line.audioKey, fakeMp3(line.audioKey));
    const [note] = await ctx.db
      .insert(classNotes)
      .values({ companyId, userId: learner.id, simId: sim.simId, notes: `Notes of ${learner.firstName}` })
      .returning({ id: classNotes.id });
    const ticket = await buildTicket(ctx, {
      companyId,
      createdById: learner.id,
      simId: sim.simId,
      simLevelId: spoken.id,
      assignmentId: assignment.id,
    });
    const key = `helpdesk/${companyId}/${ticket.id}/shot.png`;
    await ctx.deps.blobs.put(key, fakeMp3(key), 'image/png');
    blobs.set(key, fakeMp3(key));
    const [attachment] = await ctx.db
      .insert(helpdeskTicketAttachments)
      .values({ ticketId: ticket.id, blobKey: key, fileName: 'shot.png', fileType: 'image/png', fileSize: 10 })
      .returning({ id: helpdeskTicketAttachments.id });
    const [notification] = await ctx.db
      .insert(notifications)
      .values({ companyId, message: `For ${learner.firstName}`, createdBy: staff.users.admin.id })
      .returning({ id: notifications.id });
    await ctx.db.insert(notificationRecipients).values({ notificationId: notification.id, userId: learner.id });
    await ctx.db.insert(screenRecordingFiles).values({
      attemptId: attempt.id,
      fileName: 'screen-1',
      companyId,
      totalChunks: 1,
      received: 0,
      fileType: 'video/webm',
    });
    await ctx.db.insert(screenRecordingVideos).values({
      attemptId: attempt.id,
      companyId,
      userId: learner.id,
      status: 'failed',
      sources: ['screen-1'],
      requestedSeconds: 10,
      error: 'test',
    });
    return {
      assignment: assignment.id,
      attempt: attempt.id,
      attemptLine: [...lines.values()][0].id,
      classNote: note.id,
      ticket: ticket.id,
      ticketAttachment: attachment.id,
      notification: notification.id,
    };
  };

  // a case of the case service numbered apart from every other company's
  const caseNumber = 100_000 + crypto.randomInt(800_000);
  await ctx.db.insert(cases).values({ companyId, caseNumber, details: { Name: `Case of ${staff.company.name}` } });

  const shared = {
    caseNumber: String(caseNumber),
    company: companyId,
    user: staff.users.manager.id,
    learner: staff.users.agent.id,
    role,
    group: staff.group.id,
    sim: sim.simId,
    level: spoken.id,
    otherLevel: first.id,
    script: spoken.agentLines[0].id,
    character: sim.characters.agent,
    audioJob: job.id,
  };
  const records: RecordSet = { ...shared, ...(await learnerRecords(staff.users.agent)) };
  const records2: RecordSet = {
    ...shared,
    user: staff.users.agent2.id,
    learner: staff.users.agent2.id,
    ...(await learnerRecords(staff.users.agent2)),
  };
  const allIds = [
    ...new Set([
      ...Object.values(records),
      ...Object.values(records2),
      ...Object.values(staff.users).map((u) => u.id),
      ...Object.values(staff.company.roleIds),
      boss.user.id,
      ...sim.levels.flatMap((l) => l.scripts.map((s) => s.id)),
      ...Object.values(sim.characters),
      ...Object.values(staff.users).map((u) => u.email),
      simTitle,
    ]),
  ];
  return { staff, boss, records, records2, allIds, blobs };
}
