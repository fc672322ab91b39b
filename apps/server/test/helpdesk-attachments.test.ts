import { HELPDESK_LIMITS as L, HELPDESK_MESSAGES as M, UPLOAD_MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helpdeskTicketAttachments } from '../src/db/schema/index';
import { expectFailure, staffedCompany, testApp, userWithGrants } from './factories';
import { buildTicket, helpdeskCalls, PNG_1x1, putUpload, type Uploaded, uploadAttachment } from './factories/helpdesk';

/**
 * Attachments of help requests (administration-and-support.md sections 3 and 7; learner-and-review.md section
 * 9: success needs HTTP 200): a presigned PUT per file, then the ticket names the upload. The server limits
 * the size and the count, stores each upload once, and serves anything a browser could run as a download.
 */
describe('help-request attachments', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);

  const upload = (name: string, data: Buffer = PNG_1x1, type = 'image/png', as = a.as.agent) =>
    uploadAttachment(ctx, as, name, data, type);
  const ask = async (attachments: Uploaded[], as = a.as.agent) => {
    const res = await helpdeskCalls(as).add({ message: 'See the screenshot', attachments });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ticket as {
      _id: string;
      attachments: { attachment_id: string; url: string; file_name: string; file_type: string; file_size: number }[];
      attachments_count: number;
    };
  };
  const fetchFile = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('uploads through the presigned URL and attaches on create; a picture opens in the browser', async () => {
    const shot = await upload('Screen shot (1).png');
    const ticket = await ask([shot]);
    expect(ticket.attachments).toEqual([
      expect.objectContaining({
        file_name: 'Screen shot (1).png',
        file_type: 'image/png',
        file_size: PNG_1x1.length,
        status: 'uploaded',
        progress: 100,
        created_by: a.users.agent.id,
      }),
    ]);
    expect(ticket.attachments_count).toBe(1);
    const file = await fetchFile(ticket.attachments[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBeUndefined();
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_1x1)).toBe(true);
    // the trainer sees it in the detail; the list counts it
    const detail = await helpdeskCalls(a.as.manager).get(ticket._id);
    expect(detail.json().ticket.attachments).toHaveLength(1);
    const listed = (await helpdeskCalls(a.as.manager).list())
      .json()
      .tickets.find((t: { _id: string }) => t._id === ticket._id);
    expect(listed).toMatchObject({ attachments: [], attachments_count: 1 });
  });

  it('serves types a browser could run (HTML, SVG, scripts, programs) only as downloads', async () => {
    const files: [string, string, string][] = [
      ['evil.html', 'text/html', '<script>alert(document.cookie)</script>'],
      ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['run.js', 'text/javascript', 'alert(1)'],
      ['setup.exe', 'application/x-msdownload', 'MZ\u0090\u0000'],
      ['page.xhtml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
      ['fake.png.html', 'image/png', '<html><script>alert(1)</script></html>'],
    ];
    const uploads = [];
    for (const [name, type, text] of files) uploads.push(await upload(name, Buffer.from(text), type));
    const ticket = await ask(uploads);
    for (const attachment of ticket.attachments) {
      const res = await fetchFile(attachment.url);
      expect(res.statusCode, attachment.file_name).toBe(200);
      expect(res.headers['content-type'], attachment.file_name).toBe('application/octet-stream');
      expect(res.headers['content-disposition'], attachment.file_name).toMatch(/^attachment; filename=/);
    }
    // the type the browser gave is kept for the list, never used to serve the file
    expect(ticket.attachments.map((x) => x.file_type)).toEqual(files.map((f) => f[1]));
  });

  it('limits the size (413) and the count (422) on the server', async () => {
    const calls = helpdeskCalls(a.as.agent);
    expectFailure(await calls.presign('big.png', L.attachmentMaxBytes + 1), 413, 'TOO_LARGE', M.attachmentTooLarge);
    const signed = (await calls.presign('big.png')).json();
    const tooBig = await putUpload(ctx, signed.presignedUrl, Buffer.alloc(L.attachmentMaxBytes + 1, 1), 'image/png');
    expectFailure(tooBig, 413, 'TOO_LARGE', M.attachmentTooLarge);
    // nothing was stored: the URL names no file yet
    expectFailure(
      await calls.add({ message: 'x', attachments: [{ url: signed.downloadUrl, file_name: 'big.png' }] }),
      400,
      'INVALID',
      M.uploadMissing,
    );
    const exactly = await putUpload(ctx, signed.presignedUrl, Buffer.alloc(L.attachmentMaxBytes, 1), 'image/png');
    expect(exactly.statusCode, exactly.body).toBe(200);
    // 11 on create: 422; the 11th added to a ticket of 10: 422
    const many: Uploaded[] = [];
    for (let i = 0; i <= L.maxAttachments; i++) many.push(await upload(`shot-${i}.png`));
    expectFailure(await calls.add({ message: 'x', attachments: many }), 422, 'RULE_BROKEN', M.tooManyAttachments);
    const ticket = await ask(many.slice(0, L.maxAttachments));
    expect(ticket.attachments).toHaveLength(L.maxAttachments);
    expectFailure(await calls.attach(ticket._id, many[L.maxAttachments]), 422, 'RULE_BROKEN', M.tooManyAttachments);
    // an empty file is refused (and the URL can still be used)
    const empty = (await calls.presign('empty.txt')).json();
    expectFailure(await putUpload(ctx, empty.presignedUrl, Buffer.alloc(0)), 400, 'INVALID', M.attachmentEmpty);
  });

  it('stores an upload once: the URL is single-use, and an upload joins one ticket only', async () => {
    const shot = await upload('once.png');
    expectFailure(await putUpload(ctx, shot.presignedUrl, PNG_1x1), 409, 'CONFLICT', UPLOAD_MESSAGES.linkUsed);
    const ticket = await ask([]);
    const calls = helpdeskCalls(a.as.agent);
    const first = await calls.attach(ticket._id, shot);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: M.attachmentUploaded, attachment: { file_name: 'once.png' } });
    const again = await calls.attach(ticket._id, shot); // sent twice: attached once
    expect(again.json().attachment.attachment_id).toBe(first.json().attachment.attachment_id);
    const other = await ask([]);
    expectFailure(await calls.attach(other._id, shot), 409, 'CONFLICT', M.attachmentElsewhere);
    // the presigned URL itself names the upload too
    const viaPut = await upload('via-put.png');
    expect((await calls.attach(other._id, { ...viaPut, url: viaPut.presignedUrl })).statusCode).toBe(200);
  });

  it("refuses another user's upload, a URL that is not an upload, and a closed ticket", async () => {
    const theirs = await upload('theirs.png', PNG_1x1, 'image/png', a.as.agent2);
    const ticket = await ask([]);
    const calls = helpdeskCalls(a.as.agent);
    expectFailure(await calls.attach(ticket._id, theirs), 400, 'INVALID', M.uploadNotYours);
    const foreign = await upload('foreign.png', PNG_1x1, 'image/png', b.as.agent);
    expectFailure(await calls.add({ message: 'x', attachments: [foreign] }), 400, 'INVALID', M.uploadNotYours);
    for (const url of ['https://evil.test/x.png', '/api/v1/files/sims/x/attachment/y/z.png', '../../etc/passwd'])
      expectFailure(await calls.attach(ticket._id, { url, file_name: 'x.png' }), 400, 'INVALID', M.uploadNotYours);
    const closed = await buildTicket(ctx, {
      companyId: a.company.companyId,
      createdById: a.users.agent.id,
      status: 'RESOLVED',
    });
    const late = await upload('late.png');
    expectFailure(await calls.attach(closed.id, late), 409, 'CONFLICT');
    // another learner cannot attach to (or see) this ticket
    const bruno = await upload('bruno.png', PNG_1x1, 'image/png', a.as.agent2);
    expectFailure(await helpdeskCalls(a.as.agent2).attach(ticket._id, bruno), 404, 'NOT_FOUND');
    // a supervisor holds no attachments create by default: no files with a request
    const supervisor = await upload('sup.png', PNG_1x1, 'image/png', a.as.admin);
    expectFailure(
      await helpdeskCalls(a.as.supervisor).add({ message: 'x', attachments: [supervisor] }),
      403,
      'FORBIDDEN',
    );
    const signed = await helpdeskCalls(a.as.supervisor).presign('x.png');
    expect(signed.statusCode, signed.body).toBe(200); // tickets create may ask, the PUT needs attachments create
    expectFailure(await putUpload(ctx, signed.json().presignedUrl, PNG_1x1), 403, 'FORBIDDEN');
  });

  it('removes an attachment (its uploader, or who handles tickets); the file goes with it', async () => {
    const shot = await upload('remove-me.png');
    const ticket = await ask([shot]);
    const id = ticket.attachments[0].attachment_id;
    const [row] = await ctx.db.select().from(helpdeskTicketAttachments).where(eq(helpdeskTicketAttachments.id, id));
    expect(await ctx.deps.blobs.stat(row.blobKey)).not.toBeNull();
    // agents hold no attachments delete by default; one given it removes their own, not another's
    expectFailure(await helpdeskCalls(a.as.agent).detach(ticket._id, id), 403, 'FORBIDDEN');
    const remover = await userWithGrants(ctx, a.company, [
      { task: 'tickets', type: 'view' },
      { task: 'ticket_attachments', type: 'delete' },
    ]);
    expectFailure(await helpdeskCalls(remover.as).detach(ticket._id, id), 404, 'NOT_FOUND');
    const res = await helpdeskCalls(a.as.manager).detach(ticket._id, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.attachmentRemoved });
    expect(await ctx.deps.blobs.stat(row.blobKey)).toBeNull();
    expectFailure(await helpdeskCalls(a.as.manager).detach(ticket._id, id), 404, 'NOT_FOUND', M.unknownAttachment);
    // deleting a ticket deletes its files
    const kept = await upload('kept.png');
    const doomed = await ask([kept]);
    const [doomedRow] = await ctx.db
      .select()
      .from(helpdeskTicketAttachments)
      .where(eq(helpdeskTicketAttachments.ticketId, doomed._id));
    expect((await helpdeskCalls(a.as.admin).remove(doomed._id)).statusCode).toBe(200);
    expect(await ctx.deps.blobs.stat(doomedRow.blobKey)).toBeNull();
  });

  it('hides attachments from a role without ticket_attachments view', async () => {
    const ticket = await ask([await upload('hidden.png')]);
    const reader = await userWithGrants(ctx, a.company, [
      { task: 'groups', type: 'view' },
      { task: 'tickets', type: 'view' },
    ]);
    const res = await helpdeskCalls(reader.as).get(ticket._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket).toMatchObject({ attachments: [], attachments_count: 1, entries: [{ action: 'create' }] });
  });
});
