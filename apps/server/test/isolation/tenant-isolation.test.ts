import crypto from 'node:crypto';
import { routePath } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/lib/actor';
import { signPath } from '../../src/lib/url-signing';
import { allows } from '../../src/plugins/access';
import { type Answer, type Caller, productId, testApp } from '../factories';
import { PNG_1x1, uploadAttachment } from '../factories/helpdesk';
import { MULTIPART_FORMS, routeShapes, slotLabel } from './contract-ids';
import { DESTRUCTIVE, expectedOf } from './documented-answers';
import { PERSON_KINDS, PLATFORM_WIDE } from './record-kinds';
import { fill, idsIn, type MappedSlot, mapSlots, send, slotsSent } from './requests';
import { holdingsOf } from './snapshot';
import { buildTenant, everythingUser, type RecordSet, type Tenant } from './tenants';

/**
 * Tenant isolation and record access, for every id-taking route (issue 18, part 2), generated from the
 * route contracts: every id a route takes (path, query, body — found by contract-ids.ts) is mapped to the
 * kind of record it names (record-kinds.ts; an unmapped id fails the first test). Two companies built by
 * the factories hold a record of every kind. Then, per route:
 *  - as a user of company A holding every permission, each id in turn (and all of them together) is
 *    company B's: the answer is 404 with the envelope (or the answer documented-answers.ts gives with its reason), holds none of
 *    B's ids, and B's rows (every row under B's id, snapshot.ts) are the same after;
 *  - the same as company A's platform administrator, except the records a platform administrator reaches
 *    in every company by decision (PLATFORM_WIDE);
 *  - as a learner of company A, each id of a person's record (attempts, results, assessor notes, lines,
 *    class notes, tickets, notifications, screen recordings — an attempt's) is another learner's of the same
 *    company: 403 or 404, and that learner's rows are the same after.
 * Signed URLs: an id changed in a signed path answers 401 (the signature covers it).
 * Counts (routes × ids tried) are printed.
 */

type Answerish = Pick<Answer, 'statusCode' | 'body'>;
const shapes = routeShapes();
const print = (line: string) => process.stdout.write(`[isolation] ${line}\n`);

function envelopeOf(res: Answerish): { success?: unknown; code?: unknown; message?: unknown } {
  try {
    return JSON.parse(res.body);
  } catch {
    return {};
  }
}

/** An answer holding some rows: a top-level count above 0 or a list that is not empty. */
function holdsRows(body: string): boolean {
  const json = JSON.parse(body) as Record<string, unknown>;
  return Object.values(json).some((v) => (typeof v === 'number' ? v > 0 : Array.isArray(v) && v.length > 0));
}

describe('tenant isolation and record access, for every id-taking route of the contracts', () => {
  // a voice-recording service is configured (never reached: the ids are refused first), so its routes look
  // at their ids instead of answering 503
  const ctx = testApp({ VOICE_SERVICE_URL: 'http://127.0.0.1:9/unused' });
  let a: Tenant;
  let b: Tenant;
  let admin: { as: Caller };
  const globals: Record<string, string> = { default: crypto.randomUUID() };
  const emails = new Map<string, string>();
  /** an attachment each caller uploaded (a ticket takes only its own caller's uploads) */
  const attachmentUrls = new Map<Caller, string>();

  beforeAll(async () => {
    a = await buildTenant(ctx);
    b = await buildTenant(ctx);
    admin = await everythingUser(ctx, a.staff, true);
    for (const t of [a, b]) for (const u of Object.values(t.staff.users)) emails.set(u.id, u.email);
    // the product of the companies' sims (buildTakeSim: Training SIM)
    const tool = await productId(ctx, 'Training SIM');
    globals.product = tool;
    globals.product_id = tool;
    globals.tool = tool;
    for (const as of [a.boss.as, admin.as, a.staff.as.agent])
      attachmentUrls.set(as, (await uploadAttachment(ctx, as, 'shot.png', PNG_1x1)).url);
  }, 120_000);

  it('maps every id a route takes to a kind of record', () => {
    const unmapped = shapes.flatMap((s) => mapSlots(s).unmapped.map((slot) => `${s.key} ${slotLabel(slot)}`));
    expect(unmapped, 'ids without a record kind: add them to record-kinds.ts').toEqual([]);
    const unlisted = shapes.filter((s) => s.multipart && !MULTIPART_FORMS[s.key]).map((s) => s.key);
    expect(unlisted, 'multipart routes without their fields: add them to MULTIPART_FORMS').toEqual([]);
    const withIds = shapes.filter((s) => s.slots.length > 0);
    const slots = withIds.reduce((n, s) => n + s.slots.length, 0);
    print(`${shapes.length} routes in the contracts, ${withIds.length} take ids (${slots} id fields)`);
    expect(withIds.length).toBeGreaterThan(100);
  });

  /** Runs every id-taking route with ids swapped from `own` to `other`, checking answers and `other`'s rows. */
  async function walk(opts: {
    who: string;
    as: Caller;
    own: RecordSet;
    other: RecordSet;
    otherIds: string[];
    roots: string[];
    /** the slots swapped (the others keep the caller's own records) */
    swaps: (shape: (typeof shapes)[number], slot: MappedSlot) => boolean;
    reaches?: (shape: (typeof shapes)[number]) => boolean;
    expected: (key: string) => number[];
  }) {
    const holdings = await holdingsOf(ctx.db, opts.roots);
    const failures: string[] = [];
    let routes = 0;
    let requests = 0;
    const statuses = new Map<number, number>();
    let sameAsOwn = 0;
    for (const shape of shapes) {
      if (shape.route.access === 'signedUrl' || shape.route.access === 'public') continue;
      if (opts.reaches && !opts.reaches(shape)) continue;
      const { mapped } = mapSlots(shape);
      const swapped = mapped.filter((s) => opts.swaps(shape, s));
      if (!swapped.length) continue;
      routes++;
      // each id alone, a list's id beside one of the caller's own, all of them together, and for an upsert
      // (an optional _id) each other id on the create path too (the _id left out)
      type Variant = { slots: MappedSlot[]; mixed?: boolean; create?: boolean };
      const variants: Variant[] = swapped.map((s) => ({ slots: [s] }));
      for (const s of swapped) if (s.many) variants.push({ slots: [s], mixed: true });
      const together = swapped.filter((s) => slotsSent(shape, mapped, swapped).includes(s));
      if (together.length > 1) variants.push({ slots: together });
      const upsertKey = mapped.find((s) => s.name === '_id' && s.optional && s.path.length === 1);
      if (upsertKey) for (const s of swapped) if (s !== upsertKey) variants.push({ slots: [s], create: true });
      const before = await holdings.fingerprint();
      for (const { slots: variant, mixed, create } of variants) {
        const label =
          variant.length > 1
            ? 'all'
            : `${slotLabel(variant[0])}${mixed ? ' (beside an own id)' : ''}${create ? ' (creating)' : ''}`;
        const sent = slotsSent(shape, mapped, variant).filter((s) => !(create && s === upsertKey));
        const input = fill(
          shape,
          mapped,
          sent,
          (s) => (variant.includes(s) ? opts.other : opts.own),
          { emails, globals, attachmentUrl: attachmentUrls.get(opts.as) ?? '' },
          (s) => (mixed && variant.includes(s) ? opts.own : undefined),
        );
        const res = await send(opts.as, shape, input);
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const key = `${shape.key} ${label}`;
        const want = opts.expected(`${opts.who}|${key}`);
        const env = envelopeOf(res);
        const swappedIds = new Set(idsIn(input, variant));
        const leaked = opts.otherIds.filter((id) => !swappedIds.has(id) && res.body.includes(id));
        if (!want.includes(res.statusCode))
          failures.push(`${opts.who} ${key}: ${res.statusCode} (want ${want.join('/')}) ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && (env.success !== false || typeof env.code !== 'string' || !env.message))
          failures.push(`${opts.who} ${key}: ${res.statusCode} without the envelope: ${res.body.slice(0, 200)}`);
        if (leaked.length) failures.push(`${opts.who} ${key}: the answer holds the other side's ids ${leaked}`);
        // a filter list: another company's id beside the caller's own matches nothing, so the answer is the
        // same as with the caller's own id alone
        if (mixed && res.statusCode === 200) {
          const own = fill(shape, mapped, sent, () => opts.own, {
            emails,
            globals,
            attachmentUrl: attachmentUrls.get(opts.as) ?? '',
          });
          const alone = await send(opts.as, shape, own);
          requests++;
          if (alone.body !== res.body)
            failures.push(
              `${opts.who} ${key}: answers otherwise than with the own id alone: ${res.body.slice(0, 200)} / ${alone.body.slice(0, 200)}`,
            );
          else if (!holdsRows(alone.body))
            failures.push(`${opts.who} ${key}: the own id alone finds nothing, so the comparison proves nothing`);
          else sameAsOwn++;
        }
      }
      const changed = await holdings.changedSince(before);
      if (changed.length) failures.push(`${opts.who} ${shape.key}: the other side's rows changed in ${changed}`);
    }
    const answered = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
    return { failures, routes, requests, holdings: holdings.ids.size, answered, sameAsOwn };
  }

  /** The files the tenant's rows name are still stored, byte for byte. */
  async function blobsKept(tenant: Tenant) {
    for (const [key, data] of tenant.blobs) {
      const stored = await ctx.deps.blobs.get(key);
      expect(stored?.data.equals(data), key).toBe(true);
    }
    return tenant.blobs.size;
  }

  it("answers 404 to company A's user holding every permission for each id of company B, and changes none of B's rows", async () => {
    const started = Date.now();
    const result = await walk({
      who: 'A boss',
      as: a.boss.as,
      own: a.records,
      other: b.records,
      otherIds: b.allIds,
      roots: [b.staff.company.companyId],
      swaps: (_shape, s) => !['global', 'nested', 'signed'].includes(s.kind),
      expected: (key) => expectedOf(key, [404]),
    });
    print(
      `company A's user with every permission → company B's ids: ${result.routes} routes, ${result.requests} requests (${result.answered}; ${result.sameAsOwn} filters answered as with the own id alone), ${result.holdings} of B's records watched, ${Date.now() - started} ms`,
    );
    expect(result.failures).toEqual([]);
    expect(await blobsKept(b)).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it("answers 404 to company A's platform administrator for each id of company B (but the platform-wide kinds), and changes none of B's rows", async () => {
    const started = Date.now();
    const result = await walk({
      who: 'A platform admin',
      as: admin.as,
      own: a.records,
      other: b.records,
      otherIds: b.allIds,
      roots: [b.staff.company.companyId],
      swaps: (shape, s) => !['global', 'nested', 'signed'].includes(s.kind) && !PLATFORM_WIDE[shape.key]?.has(s.kind),
      expected: (key) => expectedOf(key, [404]),
    });
    print(
      `company A's platform administrator → company B's ids (but ${Object.keys(PLATFORM_WIDE).length} platform-wide routes' company/role ids): ${result.routes} routes, ${result.requests} requests (${result.answered}), ${Date.now() - started} ms`,
    );
    expect(result.failures).toEqual([]);
    expect(await blobsKept(b)).toBeGreaterThanOrEqual(4);
    // what the platform-wide exemption lets through, and only to the platform administrator: company B's roles
    const roles = await admin.as.get(`/api/v1/company/role-list?company_id=${b.staff.company.companyId}`);
    expect(roles.statusCode, roles.body).toBe(200);
    expect(roles.body).toContain(b.records.role);
    const refused = await a.boss.as.get(`/api/v1/company/role-list?company_id=${b.staff.company.companyId}`);
    expect(refused.statusCode, refused.body).toBe(404);
  }, 120_000);

  it("refuses a learner another learner's records of the same company (403/404), changing none of them", async () => {
    const started = Date.now();
    const me = JSON.parse((await a.staff.as.agent.get('/api/v1/permissions/user-details')).body);
    const held = new Set<string>(
      me.permissions.flatMap((p: { permission_details: { task_name: string; permission_type: string }[] }) =>
        p.permission_details.map((d) => `${d.task_name}:${d.permission_type}`),
      ),
    );
    const actor = { isPlatformAdmin: false, permissions: held } as unknown as Actor;
    const result = await walk({
      who: 'A learner',
      as: a.staff.as.agent,
      own: a.records,
      other: a.records2,
      otherIds: (
        ['assignment', 'attempt', 'attemptLine', 'classNote', 'ticket', 'ticketAttachment', 'notification'] as const
      ).map((kind) => a.records2[kind]),
      roots: [a.staff.users.agent2.id],
      reaches: (shape) => allows(shape.route.access, actor),
      swaps: (_shape, s) => PERSON_KINDS.has(s.kind),
      expected: (key) => expectedOf(key, [403, 404]),
    });
    print(
      `a learner → another learner's records: ${result.routes} routes, ${result.requests} requests (${result.answered}), ${Date.now() - started} ms`,
    );
    expect(result.failures).toEqual([]);
  }, 120_000);

  it("reaches the records with the caller's own ids: the same requests with a company's own ids are not 404", async () => {
    // a third company, so that the writes of these requests touch neither A nor B
    const c = await buildTenant(ctx);
    for (const as of [c.boss.as, c.staff.as.agent])
      attachmentUrls.set(as, (await uploadAttachment(ctx, as, 'shot.png', PNG_1x1)).url);
    for (const u of Object.values(c.staff.users)) emails.set(u.id, u.email);
    const answers: string[] = [];
    const notReached: string[] = [];
    const last = (key: string) => DESTRUCTIVE.indexOf(key);
    const ordered = [...shapes].sort((x, y) => last(x.key) - last(y.key));
    for (const shape of ordered) {
      if (shape.route.access === 'signedUrl' || shape.route.access === 'public') continue;
      const { mapped } = mapSlots(shape);
      if (!mapped.some((s) => !['global', 'nested', 'signed'].includes(s.kind))) continue;
      const sent = slotsSent(shape, mapped, []);
      // the company's user with every permission, else (a learner's own records) the learner
      let res: Answer | undefined;
      for (const as of [c.boss.as, c.staff.as.agent]) {
        const input = fill(shape, mapped, sent, () => c.records, {
          emails,
          globals,
          attachmentUrl: attachmentUrls.get(as) ?? '',
        });
        res = await send(as, shape, input);
        expect(res.statusCode, `${shape.key}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 404) break;
      }
      answers.push(`${shape.key}: ${res?.statusCode}`);
      if (res?.statusCode === 404) notReached.push(`${shape.key}: ${res.body.slice(0, 200)}`);
    }
    print(`own ids: ${answers.length} routes, ${answers.length - notReached.length} reached their records`);
    expect(notReached).toEqual([]);
  }, 120_000);

  it('answers 401 when an id of a signed URL is changed to another company’s', async () => {
    let tried = 0;
    const subject = `${a.boss.user.id}:${a.staff.company.companyId}`;
    const uploadId = crypto.randomUUID();
    for (const shape of shapes) {
      const { mapped } = mapSlots(shape);
      const signed = mapped.filter((s) => s.kind === 'signed');
      if (!signed.length) continue;
      const params: Record<string, string> = { '*': 'index.html', fileName: 'file.pdf', type: 'documents' };
      for (const s of mapped) params[s.name] = s.name === 'uploadId' ? uploadId : a.records.sim;
      // the URL as the server signs it: the path (a signed URL), or the package folder (the learning package)
      let url: string;
      if (shape.route.access === 'signedUrl') {
        url = signPath(ctx.deps.urlKey, routePath(shape.route.url, params), 600, ctx.deps.now(), subject);
      } else {
        const folder = `/captivate/${params.simId}/${params.uploadId}/`;
        const query = new URLSearchParams(signPath(ctx.deps.urlKey, folder, 600, ctx.deps.now()).split('?')[1]);
        params.token = `${query.get('exp')}.${query.get('sig')}`;
        url = routePath(shape.route.url, params);
      }
      const call = (target: string) =>
        ctx.app.inject({
          method: shape.route.method,
          url: target,
          payload: shape.route.method === 'PUT' ? 'x' : undefined,
        });
      // as signed, the URL is accepted (the file itself may be missing: 404)
      const genuine = await call(url);
      expect(genuine.statusCode, `${shape.key} as signed: ${genuine.body}`).not.toBe(401);
      for (const s of signed) {
        const path = routePath(shape.route.url, params);
        const tampered = url.replace(path, routePath(shape.route.url, { ...params, [s.name]: b.records.sim }));
        expect(tampered).not.toBe(url);
        const res = await call(tampered);
        tried++;
        expect(res.statusCode, `${shape.key} ${slotLabel(s)}: ${res.body}`).toBe(401);
        expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      }
    }
    print(`signed URLs with an id changed: ${tried} tried`);
    expect(tried).toBeGreaterThanOrEqual(3);
  });
});
