import { ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta, groupMembers, groups, users } from '../db/schema/index';
import { hashPassword } from '../lib/password';
import { createCompanyWithDefaultRoles } from '../modules/companies/service';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_COMPANY = 'Demo Health';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.local', role: ROLE_NAMES.admin, first: 'Ada', last: 'Admin', platformAdmin: true },
  { email: 'owner@demo.local', role: ROLE_NAMES.accountOwner, first: 'Olivia', last: 'Owner', platformAdmin: false },
  { email: 'manager@demo.local', role: ROLE_NAMES.manager, first: 'Marco', last: 'Manager', platformAdmin: false },
  {
    email: 'supervisor@demo.local',
    role: ROLE_NAMES.supervisor,
    first: 'Sofia',
    last: 'Supervisor',
    platformAdmin: false,
  },
  { email: 'agent@demo.local', role: ROLE_NAMES.agent, first: 'Alex', last: 'Agent', platformAdmin: false },
  { email: 'agent2@demo.local', role: ROLE_NAMES.agent, first: 'Sam', last: 'Agent', platformAdmin: false },
] as const;

const SEED_KEY = 'demo_seed';

/**
 * Seeds the demo data of DECISIONS.md section 8 once; a later start keeps what is there. Answers the demo
 * company and its admin (also when seeded before), or null when there is no demo company.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean; companyId: string; adminId: string } | null> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (done) {
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
    return admin ? { seeded: false, companyId: admin.companyId, adminId: admin.id } : null;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const { companyId, roleIds } = await createCompanyWithDefaultRoles(tx, DEMO_COMPANY);
    const ids: Record<string, string> = {};
    for (const a of DEMO_ACCOUNTS) {
      const isAgent = a.role === ROLE_NAMES.agent;
      const [u] = await tx
        .insert(users)
        .values({
          companyId,
          firstName: a.first,
          lastName: a.last,
          title: isAgent ? 'Patient Access Representative' : `${a.role[0].toUpperCase()}${a.role.slice(1)}`,
          email: a.email,
          phoneNumber: '+1 (555) 010-0100',
          passwordHash,
          roleId: roleIds[a.role],
          status: 'active',
          subStatus: isAgent ? 'Training' : 'Operations',
          schedule: 'Full time',
          duration: 'Permanent',
          employment: 'Employee',
          workplace: isAgent ? 'WAH' : 'Premise',
          joinedCompany: 'New hire',
          probation: isAgent ? 'New hire' : 'NA',
          promoted: isAgent ? 'Support' : 'Leadership',
          outsourcer: 'Other',
          isPlatformAdmin: a.platformAdmin,
        })
        .returning({ id: users.id });
      ids[a.email] = u.id;
    }
    const [alpha] = await tx
      .insert(groups)
      .values({
        companyId,
        name: 'New Hires - Cohort A',
        description: 'Agents in their first weeks of training',
        ownerId: ids['supervisor@demo.local'],
        createdBy: ids['admin@demo.local'],
      })
      .returning({ id: groups.id });
    const [leads] = await tx
      .insert(groups)
      .values({
        companyId,
        name: 'Team Leads',
        description: 'Supervisors and managers who review results',
        ownerId: ids['manager@demo.local'],
        createdBy: ids['admin@demo.local'],
      })
      .returning({ id: groups.id });
    await tx.insert(groupMembers).values([
      { groupId: alpha.id, userId: ids['agent@demo.local'] },
      { groupId: alpha.id, userId: ids['agent2@demo.local'] },
      { groupId: leads.id, userId: ids['supervisor@demo.local'] },
      { groupId: leads.id, userId: ids['manager@demo.local'] },
    ]);
    await tx.insert(appMeta).values({ key: SEED_KEY, value: { at: new Date().toISOString(), companyId } });
    return { seeded: true, companyId, adminId: ids['admin@demo.local'] };
  });
}
