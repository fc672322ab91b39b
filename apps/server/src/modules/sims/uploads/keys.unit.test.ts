import { describe, expect, it } from 'vitest';
import { keyOfUploadUrl, safeFileName } from './keys';

const SIM = '11111111-2222-4333-8444-555555555555';
const UP = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('safeFileName', () => {
  it.each([
    ['Call guide (v2).pdf', 'Call_guide_v2_.pdf'],
    ['文件.pdf', 'file.pdf'],
    ['résumé.docx', 'resume.docx'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\a b.mp4', 'a_b.mp4'],
    ['.hidden', 'hidden'],
    ['', 'file'],
    [`${'x'.repeat(300)}.pdf`, `${'x'.repeat(90)}.pdf`],
  ])('%j → %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });
});

describe('keyOfUploadUrl', () => {
  const key = `sims/${SIM}/attachment/${UP}/a.pdf`;
  it.each([
    [`/api/v1/files/${key}?exp=1&sig=x`, key],
    [`http://app.test/api/v1/files/${key}?exp=1&sig=x`, key],
    [`/api/v1/sims/presigned-upload/attachment/${SIM}/${UP}/a.pdf?exp=1&sub=u&sig=x`, key],
    [`/api/v1/sims/presigned-upload/tutorial/${SIM}/${UP}/a.pdf?exp=1`, null],
    [`/api/v1/files/sims/${UP}/attachment/${UP}/a.pdf`, null],
    [`/api/v1/files/sims/${SIM}/attachment/${UP}/..%2F..%2Fx.pdf`, null],
    [`/api/v1/files/sims/${SIM}/attachment/${UP}/a%20b.pdf`, null],
    ['https://example.test/a.pdf', null],
    ['not a url at all', null],
  ])('%s → %s', (url, expected) => {
    expect(keyOfUploadUrl(url, SIM, 'attachment')).toBe(expected);
  });
});
