import { describe, expect, it } from 'vitest';
import { durationText, figureText, gradeText } from '../src/display-format';
import { NOT_APPLICABLE } from '../src/grading/constants';

describe('display formats', () => {
  it('reads a figure as a percentage with at most 2 decimals, N/A when it does not apply', () => {
    expect(figureText(null)).toBe(NOT_APPLICABLE);
    expect(figureText(undefined)).toBe(NOT_APPLICABLE);
    expect(figureText(Number.NaN)).toBe(NOT_APPLICABLE);
    expect(figureText(0)).toBe('0%');
    expect(figureText(66.6666)).toBe('66.67%');
    expect(figureText(100)).toBe('100%');
  });
  it('reads a confidence with 2 decimals', () => {
    expect(gradeText(50)).toBe('50.00%');
    expect(gradeText(null)).toBe('0.00%');
  });
  it("reads seconds as h m s, '0m 0s' when empty", () => {
    expect(durationText(null)).toBe('0m 0s');
    expect(durationText(0)).toBe('0m 0s');
    expect(durationText(59.6)).toBe('1m 0s');
    expect(durationText(65)).toBe('1m 5s');
    expect(durationText(3725)).toBe('1h 2m 5s');
    expect(durationText(-3)).toBe('0m 0s');
  });
});

describe("a list's pager line", () => {
  it("counts from 1, says '0 to 0' when empty and 'Z+' when the total is capped", async () => {
    const { showingEntriesText } = await import('../src/display-format');
    expect(showingEntriesText(0, 10, 10, 25)).toBe('Showing 1 to 10 of 25 entries');
    expect(showingEntriesText(2, 10, 5, 25)).toBe('Showing 21 to 25 of 25 entries');
    expect(showingEntriesText(0, 10, 0, 0)).toBe('Showing 0 to 0 of 0 entries');
    expect(showingEntriesText(3, 10, 10, 131, true)).toBe('Showing 31 to 40 of 131+ entries');
  });
});
