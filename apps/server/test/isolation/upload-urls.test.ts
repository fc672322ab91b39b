import { HELPDESK_MESSAGES, UPLOAD_MESSAGES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { buildSim, type Caller, expectFailure, staffedCompany, testApp } from '../factories';
import { buildTicket, helpdeskCalls, PNG_1x1, putUpload, uploadAttachment } from '../factories/helpdesk';
import { holdingsOf } from './snapshot';

/**
 * Uploads are named by URL, not by an id field, so the contract walk (tenant-isolation.test.ts) does not see
 * them: another company's upload URL — a sim's attachment or tutorial video, a help request's attachment —
 * is refused where a URL is taken, and the other company's rows stay as they were.
 */
describe("another company's upload URLs", () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  const b = staffedCompany(ctx);

  async function simUpload(as: Caller, simId: string, type: 'attachment' | 'tutorial', fileName: string) {
    const presign = await as.post('/api/v1/sims/get-presigned-url', { type, fileName, sim_id: simId });
    expect(presign.statusCode, presign.body).toBe(200);
    const urls = presign.json() as { presignedUrl: string; downloadUrl: string };
    const put = await putUpload(ctx, urls.presignedUrl, Buffer.from('%PDF-1.4 a file of company B'));
    expect(put.statusCode, put.body).toBe(200);
    return urls;
  }

  it("refuses company B's sim uploads on company A's sim", async () => {
    const simA = await buildSim(ctx, a.users.admin);
    const simB = await buildSim(ctx, b.users.admin);
    const doc = await simUpload(b.as.admin, simB, 'attachment', 'b.pdf');
    const video = await simUpload(b.as.admin, simB, 'tutorial', 'b.mp4');
    const holdings = await holdingsOf(ctx.db, [b.company.companyId]);
    const before = await holdings.fingerprint();
    let tried = 0;
    for (const url of [doc.downloadUrl, doc.presignedUrl]) {
      const res = await a.as.admin.post('/api/v1/sims/add-attachment', { id: simA, url, fileName: 'b.pdf' });
      expectFailure(res, 400, 'INVALID', UPLOAD_MESSAGES.uploadUrlInvalid);
      tried++;
    }
    for (const url of [video.downloadUrl, video.presignedUrl]) {
      const res = await a.as.admin.post(`/api/v1/sims/add-tutorial-video/${simA}`, { url, fileName: 'b.mp4' });
      expectFailure(res, 400, 'INVALID', UPLOAD_MESSAGES.uploadUrlInvalid);
      tried++;
    }
    // and A's sim has no document or video
    const details = (await a.as.admin.get(`/api/v1/sims/full-details?sim_id=${simA}`)).body;
    expect(details).not.toContain(simB);
    expect(await holdings.changedSince(before)).toEqual([]);
    process.stdout.write(`[isolation] company B's sim upload URLs on company A's sim: ${tried} refused\n`);
  });

  it("refuses company B's help-request uploads on company A's requests", async () => {
    const upload = await uploadAttachment(ctx, b.as.agent, 'b.png', PNG_1x1);
    const holdings = await holdingsOf(ctx.db, [b.company.companyId]);
    const before = await holdings.fingerprint();
    const attachment = { url: upload.url, file_name: 'b.png', file_type: 'image/png', file_size: PNG_1x1.length };
    const asked = await helpdeskCalls(a.as.agent).add({ message: 'Look', attachments: [attachment] });
    expectFailure(asked, 400, 'INVALID', HELPDESK_MESSAGES.uploadNotYours);
    const ticket = await buildTicket(ctx, { companyId: a.company.companyId, createdById: a.users.agent.id });
    const attached = await helpdeskCalls(a.as.agent).attach(ticket.id, attachment);
    expectFailure(attached, 400, 'INVALID', HELPDESK_MESSAGES.uploadNotYours);
    expect(await holdings.changedSince(before)).toEqual([]);
    const detail = await helpdeskCalls(a.as.agent).get(ticket.id);
    expect(detail.json().ticket.attachments).toEqual([]);
  });
});
