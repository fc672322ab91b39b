import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it.each([
    ['Levels_Template.xlsx', 'attachment; filename="Levels_Template.xlsx"'],
    ['Watch and Learn.xlsx', 'attachment; filename="Watch and Learn.xlsx"'],
    ['Núñez notes.pdf', "attachment; filename*=UTF-8''N%C3%BA%C3%B1ez%20notes.pdf"],
    ['say "hi".txt', "attachment; filename*=UTF-8''say%20%22hi%22.txt"],
    ['back\\slash.txt', "attachment; filename*=UTF-8''back%5Cslash.txt"],
  ])('%s', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});
