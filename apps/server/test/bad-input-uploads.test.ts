import { once } from 'node:events';
import zlib from 'node:zlib';
import {
  DATA_INPUT_LIMITS,
  DATA_INPUT_MESSAGES,
  EXCEL_MESSAGES,
  type TPresignedUrlResponse,
  UPLOAD_MESSAGES,
} from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKBOOK_LIMITS, WORKBOOK_MESSAGES } from '../src/modules/sims/excel/zip-guard';
import { buildSim, staffedCompany, testApp } from './factories';

/**
 * Uploads that must not hurt the server: a zip bomb disguised as an .xlsx (refused from its central
 * directory before anything is inflated), a zip lying about its sizes, and a presigned PUT URL used twice.
 */

const MB = 1024 * 1024;
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

interface Entry {
  name: string;
  data: Buffer; // deflated
  crc: number;
  size: number;
}

async function deflated(name: string, parts: Iterable<Buffer>): Promise<Entry> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    crc = zlib.crc32(part, crc);
    size += part.length;
    if (!deflate.write(part)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { name, data: Buffer.concat(out), crc, size };
}

/** A zip of deflated entries; `claim` overrides the uncompressed size written in the headers (a liar). */
function zip(entries: Entry[], claim: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = claim[e.name] ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** An .xlsx whose one sheet ('Levels', then 'Layout' as the second) has a header row and `cell` in A2. */
async function workbook(cell: Iterable<Buffer>, sheetName = 'Levels') {
  const text = (name: string, xml: string) => deflated(name, [Buffer.from(xml)]);
  const row1 = ['Level Name', 'Character Type', 'Script']
    .map((t, i) => `<c r="${'ABC'[i]}1" t="inlineStr"><is><t>${t}</t></is></c>`)
    .join('');
  function* sheet() {
    yield Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1">${row1}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`,
    );
    yield* cell;
    yield Buffer.from('</t></is></c></row></sheetData></worksheet>');
  }
  return [
    await text(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    await text(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    await text(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await text(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    await deflated('xl/worksheets/sheet1.xml', sheet()),
  ];
}

/** 630 MB of one letter, in 1 MB pieces (never whole in memory). */
function* bomb(total = 630 * MB) {
  const piece = Buffer.alloc(MB, 'A');
  for (let sent = 0; sent < total; sent += MB) yield piece;
}

/** The highest resident memory while `work` runs, sampled every 5 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

describe('uploads that must not hurt the server', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  let simId: string;
  let bombXlsx: Buffer;
  let liarXlsx: Buffer;

  beforeAll(async () => {
    simId = await buildSim(ctx, a.users.admin);
    const entries = await workbook(bomb());
    bombXlsx = zip(entries);
    // the same bytes, claiming in both headers that the sheet unpacks to 1 KB
    liarXlsx = zip(entries, { 'xl/worksheets/sheet1.xml': 1024 });
  }, 120_000);

  const xlsxFile = (data: Buffer) => [
    { field: 'file', filename: 'levels.xlsx', contentType: 'application/octet-stream', data },
  ];
  const uploadLevels = (data: Buffer) =>
    a.as.admin.form('/api/v1/sims/upload-levels', { sim_id: simId }, xlsxFile(data));
  const uploadLayout = (data: Buffer) =>
    a.as.admin.form(`/api/v1/sims/upload-keyword/${simId}`, { sim_id: simId, type: 'case' }, xlsxFile(data));

  it('refuses an .xlsx of ~600 KB that unpacks to 630 MB with 413, four at once, memory flat', async () => {
    // under the smaller of the two upload limits (layouts: 2 MB), so only the unpacked size can refuse it
    expect(bombXlsx.length).toBeLessThan(DATA_INPUT_LIMITS.maxUploadBytes);
    expect(bombXlsx.length).toBeGreaterThan(100 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const { result, peak } = await peakRss(() =>
      Promise.all([uploadLevels(bombXlsx), uploadLevels(bombXlsx), uploadLayout(bombXlsx), uploadLayout(bombXlsx)]),
    );
    for (const res of result) {
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ success: false, code: 'TOO_LARGE', message: WORKBOOK_MESSAGES.tooLarge });
    }
    // reading even one sheet of 630 MB takes gigabytes; refusing it takes a few buffers of the upload's size
    expect(peak - before).toBeLessThan(150 * MB);
  });

  it('refuses a zip that declares small sizes but inflates past them (400), without inflating it all', async () => {
    const { result, peak } = await peakRss(async () => {
      const before = process.memoryUsage().rss;
      return { answers: await Promise.all([uploadLevels(liarXlsx), uploadLayout(liarXlsx)]), before };
    });
    // each route's own "cannot be read" answer
    const [levels, layout] = result.answers;
    for (const [res, message] of [
      [levels, EXCEL_MESSAGES.unreadable],
      [layout, DATA_INPUT_MESSAGES.unreadable],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message, field: 'file' });
    }
    expect(peak - result.before).toBeLessThan(150 * MB);
  });

  it('still reads an ordinary workbook, and one just under the unpacked limit is measured, not refused', async () => {
    const small = zip(await workbook([Buffer.from('Level 1')]));
    const res = await uploadLevels(small);
    // the sheet has no Character Type in row 2: refused by the row rules, i.e. it was read
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^Row 2: /);
    const near = zip(await workbook(bomb(WORKBOOK_LIMITS.maxUnpackedBytes - MB)));
    const nearRes = await uploadLevels(near);
    expect(nearRes.statusCode, nearRes.body).toBe(400);
    expect(nearRes.json().message).not.toBe(WORKBOOK_MESSAGES.tooLarge);
  });

  it('refuses a sheet cell holding a lone surrogate or NUL character reference with 400', async () => {
    for (const ref of ['&#xD800;', '&#0;']) {
      const data = zip(await workbook([Buffer.from(`Level ${ref} 1`)]));
      for (const res of [await uploadLevels(data), await uploadLayout(data)]) {
        expect(res.statusCode, `${ref}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'INVALID' });
      }
    }
  });

  describe('a presigned PUT URL is single-use', () => {
    async function presign(fileName = 'guide.pdf') {
      const res = await a.as.admin.post('/api/v1/sims/get-presigned-url', {
        type: 'attachment',
        fileName,
        sim_id: simId,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TPresignedUrlResponse;
    }
    const put = (url: string, data: Buffer) =>
      ctx.app.inject({ method: 'PUT', url, payload: data, headers: { 'content-type': 'application/pdf' } });
    const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload;

    const FIRST = Buffer.from('%PDF-1.4\n% the first file\n%%EOF\n');
    const SECOND = Buffer.from('%PDF-1.4\n% another file, sent with the same URL\n%%EOF\n');

    it('answers 409 with the envelope to a second PUT, and the first file stays', async () => {
      const p = await presign();
      const first = await put(p.presignedUrl, FIRST);
      expect(first.statusCode, first.body).toBe(200);
      const second = await put(p.presignedUrl, SECOND);
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json()).toMatchObject({ success: false, code: 'CONFLICT', message: UPLOAD_MESSAGES.linkUsed });
      expect(Buffer.compare(await read(p.downloadUrl), FIRST)).toBe(0);
      // still refused after the file was attached to the sim
      const attached = await a.as.admin.post('/api/v1/sims/add-attachment', {
        id: simId,
        url: p.downloadUrl,
        fileName: 'guide.pdf',
        mimeType: 'application/pdf',
      });
      expect(attached.statusCode, attached.body).toBe(200);
      expect((await put(p.presignedUrl, SECOND)).statusCode).toBe(409);
      expect(Buffer.compare(await read(p.downloadUrl), FIRST)).toBe(0);
    });

    it('of two PUTs at once, exactly one stores its file', async () => {
      const p = await presign('race.pdf');
      const answers = await Promise.all([put(p.presignedUrl, FIRST), put(p.presignedUrl, SECOND)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0].statusCode === 200 ? FIRST : SECOND;
      expect(Buffer.compare(await read(p.downloadUrl), winner)).toBe(0);
    });

    it('a PUT that stored nothing (empty) does not use the URL up', async () => {
      const p = await presign('retry.pdf');
      expect((await put(p.presignedUrl, Buffer.alloc(0))).statusCode).toBe(400);
      expect((await put(p.presignedUrl, FIRST)).statusCode).toBe(200);
      expect((await put(p.presignedUrl, SECOND)).statusCode).toBe(409);
    });
  });
});
