import { describe, expect, it } from 'vitest';
import {
  AA_NORMAL_TEXT,
  contrastRatio,
  darkenToContrast,
  mix,
  parseHex,
  readableOn,
  relativeLuminance,
} from './contrast';

describe('colour contrast (WCAG 2.x)', () => {
  it('reads #rgb and #rrggbb colours and refuses anything else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#2694D3')).toEqual([0x26, 0x94, 0xd3]);
    expect(() => parseHex('rgb(0,0,0)')).toThrow(/not a hex colour/);
    expect(() => parseHex('#12345')).toThrow(/not a hex colour/);
  });

  it('gives black a luminance of 0, white 1, and mid grey the sRGB curve value', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
    // 0x80 = 128: ((128/255 + 0.055) / 1.055) ^ 2.4
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
  });

  it('answers 21 for black on white, 1 for a colour on itself, the same both ways round', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#2694D3', '#2694D3')).toBe(1);
    // the grey that just fails AA on white, and the one that just passes (known WebAIM figures)
    expect(contrastRatio('#777777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#767676', '#fff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it('lays a colour at an alpha over a background as the browser composes it', () => {
    expect(mix('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(mix('#EB6D20', 0, '#ffffff')).toBe('#ffffff');
    expect(mix('#EB6D20', 1, '#ffffff')).toBe('#eb6d20');
  });

  it('picks the first candidate text colour that reads on a background, else the best one', () => {
    expect(readableOn('#1f4e8c')).toBe('#fff');
    expect(readableOn('#EB6D20')).toBe('#000');
    // neither grey reaches 4.5:1 on mid grey: the better one is answered
    expect(readableOn('#808080', ['#999999', '#555555'])).toBe('#555555');
  });

  it('keeps a colour that already reads and darkens one that does not, until it does', () => {
    expect(darkenToContrast('#882647', ['#fff'])).toBe('#882647');
    const darker = darkenToContrast('#2CB174', ['#fff', '#f4f6f9']);
    expect(darker).not.toBe('#2cb174');
    expect(contrastRatio(darker, '#fff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(contrastRatio(darker, '#f4f6f9')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    // the lightest shade that reads, not black: just over the bar (1 % steps move the ratio by under 0.15)
    expect(contrastRatio(darker, '#f4f6f9')).toBeLessThan(AA_NORMAL_TEXT + 0.15);
  });
});
