import { describe, expect, it } from 'vitest';
import { clockText, durationText, figureText, gradeText } from './format';
import { pollUntil } from './poll';

describe('the figures and times shown', () => {
  it('shows N/A for a figure that does not apply, never 0', () => {
    expect(figureText(null)).toBe('N/A');
    expect(figureText(undefined)).toBe('N/A');
    expect(figureText(0)).toBe('0%');
    expect(figureText(66.666)).toBe('66.67%');
    expect(figureText(50)).toBe('50%');
  });

  it('shows a confidence with 2 decimals and a percent sign', () => {
    expect(gradeText(66.666)).toBe('66.67%');
    expect(gradeText(100)).toBe('100.00%');
  });

  it('shows times as hours, minutes and seconds, 0m 0s when empty', () => {
    expect(durationText(null)).toBe('0m 0s');
    expect(durationText(65)).toBe('1m 5s');
    expect(durationText(3725)).toBe('1h 2m 5s');
    expect(clockText(65.9)).toBe('01:05');
  });
});

describe('polling', () => {
  it('asks until done, at most the tries', async () => {
    let n = 0;
    const ask = async () => ++n;
    expect(await pollUntil(ask, (v) => v === 3, { intervalMs: 0, tries: 10 })).toEqual({ value: 3, done: true });
    n = 0;
    expect(await pollUntil(ask, () => false, { intervalMs: 0, tries: 4 })).toEqual({ value: 4, done: false });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const result = pollUntil(
      async () => 1,
      () => false,
      { intervalMs: 50, tries: 5, signal: controller.signal },
    );
    controller.abort();
    await expect(result).rejects.toThrow('Aborted');
  });
});
