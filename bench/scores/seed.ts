/**
 * The data of bench:scores, in one company, written with set-based SQL (generate_series), not row by row:
 *   1,000 learners (the first 500 in 20 groups of 25, the rest in none), 50 sims of 3 levels (orders 0, 2, 3;
 *   Training SIM, Internal Data and Hiring SIM) with 5 agent lines each, 100,000 assignments (each learner
 *   100, every sim twice; statuses IN PROGRESS … NO PASS; over the last year), 200,000 completed attempts
 *   (two levels per assignment, one in ten a retake of the same level) and 1,000,000 graded lines (5 per
 *   attempt, with correct and missed keywords).
 */
import { ROLE_NAMES } from '@sim/shared';
import type pg from 'pg';
import type { Seed } from '../../apps/server/test/factories/company';
import { buildCompany, buildUser } from '../../apps/server/test/factories/company';

export const SEED = { learners: 1000, grouped: 500, groups: 20, sims: 50, assignments: 100_000 } as const;

export interface Seeded {
  companyId: string;
  adminId: string;
  groupIds: string[];
  learnerIds: string[];
  simIds: string[];
  /** the first level (order 2) of the first sim */
  levelId: string;
  toolIds: Record<string, string>;
}

async function tool(client: pg.PoolClient, name: string): Promise<string> {
  return (await client.query<{ id: string }>('select id from tools where name = $1', [name])).rows[0].id;
}

export async function seedScores(seed: Seed, client: pg.PoolClient, log: (s: string) => void): Promise<Seeded> {
  const company = await buildCompany(seed, 'Bench scores');
  const admin = await buildUser(seed, company, { role: ROLE_NAMES.admin, firstName: 'Ada' });
  const c = company.companyId;
  const q = async (label: string, text: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const res = await client.query(text, params);
    log(`  ${label}: ${res.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return res;
  };
  const toolIds = {
    training: await tool(client, 'Training SIM'),
    internal: await tool(client, 'Training SIM - Internal Data'),
    hiring: await tool(client, 'Hiring SIM'),
  };
  await q(
    'learners',
    `insert into users (company_id, first_name, last_name, email, password_hash, role_id, status)
     select $1::uuid, 'Learner', 'L' || lpad(g::text, 4, '0'), 'bench-' || g || '-' || $1::text || '@bench.test', $2, $3, 'active'
     from generate_series(0, $4 - 1) g`,
    [c, admin.passwordHash, company.roleIds[ROLE_NAMES.agent], SEED.learners],
  );
  await client.query(
    `create temp table bu as select id, (substr(last_name, 2))::int as n from users
    where company_id = $1 and first_name = 'Learner'`,
    [c],
  );
  await q(
    'groups',
    `insert into groups (company_id, name) select $1, 'Team ' || lpad(g::text, 2, '0')
     from generate_series(0, $2 - 1) g`,
    [c, SEED.groups],
  );
  await client.query(
    `create temp table bg as select id, (substr(name, 6))::int as n from groups where company_id = $1`,
    [c],
  );
  await q(
    'group members',
    `insert into group_members (group_id, user_id)
     select bg.id, bu.id from bu join bg on bg.n = bu.n % $1 where bu.n < $2`,
    [SEED.groups, SEED.grouped],
  );
  await q(
    'sims',
    `insert into sims (company_id, title, product_id, created_by, sim_type)
     select $1, 'Bench sim ' || lpad(g::text, 2, '0'),
       case when g < 30 then $2::uuid when g < 40 then $3::uuid else $4::uuid end, $5,
       case when g < 40 then 'training' else 'hiring' end
     from generate_series(0, $6 - 1) g`,
    [c, toolIds.training, toolIds.internal, toolIds.hiring, admin.id, SEED.sims],
  );
  await client.query(
    `create temp table bs as select id, (substr(title, 11))::int as n from sims where company_id = $1`,
    [c],
  );
  await q(
    'levels',
    `insert into sim_levels (sim_id, name, sort_order, keyword_score)
     select bs.id, case k when 0 then 'Watch and Learn' else 'Level ' || (k + 1) end,
       case k when 0 then 0 when 1 then 2 else 3 end, true
     from bs cross join generate_series(0, 2) k`,
  );
  await client.query(`create temp table bl as select l.id, l.sim_id, bs.n as sim_n,
     (row_number() over (partition by l.sim_id order by l.sort_order) - 1)::int as idx
     from sim_levels l join bs on bs.id = l.sim_id`);
  await q(
    'scripts',
    `insert into sim_scripts (sim_id, sim_level_id, script, keywords, sort_order)
     select bl.sim_id, bl.id, 'Agent line ' || i, jsonb_build_array('schedule ' || i, 'monday ' || i, 'card ' || i), i
     from bl cross join generate_series(1, 5) i`,
  );
  await q(
    'assignments',
    `insert into assignments (company_id, sim_id, tool_id, assigned_to_id, assigned_by_id, status,
       reviewer_id, start_date, completed_on, send_for_review_date, date_of_review, created_at, updated_at)
     select $1, bs.id, s.product_id, bu.id, $2, st.status,
       case when st.status in ('PASS', 'NO PASS') then $2::uuid end,
       t.at + interval '1 hour', case when st.status <> 'IN PROGRESS' then t.at + interval '3 hours' end,
       case when st.status in ('PENDING REVIEW', 'PASS', 'NO PASS') then t.at + interval '4 hours' end,
       case when st.status in ('PASS', 'NO PASS') then t.at + interval '1 day' end, t.at, t.at
     from generate_series(0, $3 - 1) as g(i)
     join bu on bu.n = g.i % 1000
     join bs on bs.n = (g.i % 1000 + g.i / 1000) % 50
     join sims s on s.id = bs.id
     cross join lateral (select now() - (g.i % 365) * interval '1 day' - (g.i % 24) * interval '1 hour' as at) t
     cross join lateral (select (array['IN PROGRESS', 'IN PROGRESS', 'COMPLETED', 'COMPLETED', 'COMPLETED',
       'PENDING REVIEW', 'PENDING REVIEW', 'PASS', 'PASS', 'NO PASS'])[g.i % 10 + 1] as status) st`,
    [c, admin.id, SEED.assignments],
  );
  await q(
    'attempts',
    `insert into attempts (company_id, assignment_id, user_id, sim_id, sim_level_id, mode, status,
       total_seconds, wrap_seconds, keyword_accuracy, overall_percentage, created_at, completed_at, updated_at,
       assessor_notes)
     select $1, a.id, a.assigned_to_id, a.sim_id, bl.id, 'practice', 'completed', 300 + a.n % 900, a.n % 60,
       case when bl.idx = 0 then null else ((a.n * 7 + k * 13) % 101)::float8 end,
       case when bl.idx = 0 then null else ((a.n * 7 + k * 13) % 101)::float8 end,
       a.created_at + (k + 1) * interval '1 hour', a.created_at + (k + 1) * interval '1 hour' + interval '20 minutes',
       a.created_at + (k + 1) * interval '1 hour' + interval '20 minutes',
       case when a.n % 7 = 0 then 'Notes on take ' || a.n end
     from (select id, assigned_to_id, sim_id, created_at, (row_number() over (order by created_at, id) - 1)::int as n
           from assignments where company_id = $1) a
     cross join generate_series(0, 1) k
     join bl on bl.sim_id = a.sim_id
       and bl.idx = case when a.n % 10 = 0 and k = 1 then a.n % 3 else (a.n + k) % 3 end`,
    [c],
  );
  await q(
    'lines',
    `insert into attempt_lines (attempt_id, sim_script_id, status, grade_score, correct_keywords,
       missed_keywords, graded_at)
     select a.id, s.id, 'Completed', 66.67,
       case when h & 3 = 0 then s.keywords - 1 else s.keywords end,
       case when h & 3 = 0 then jsonb_build_array(s.keywords ->> 1) else '[]'::jsonb end, a.completed_at
     from attempts a join sim_scripts s on s.sim_level_id = a.sim_level_id
     cross join lateral (select hashtext(a.id::text || s.id::text) as h) x
     where a.company_id = $1`,
    [c],
  );
  await q('analyze', 'analyze');
  const ids = async (text: string) => (await client.query<{ id: string }>(text)).rows.map((r) => r.id);
  return {
    companyId: c,
    adminId: admin.id,
    groupIds: await ids('select id from bg order by n'),
    learnerIds: await ids('select id from bu order by n'),
    simIds: await ids('select id from bs order by n'),
    levelId: (await ids('select id from bl where sim_n = 0 and idx = 1'))[0],
    toolIds,
  };
}
