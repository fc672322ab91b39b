/**
 * Colour contrast by WCAG 2.x (relative luminance and contrast ratio), pure and without MUI, so the theme,
 * the character colours and their tests share one reading of "enough contrast".
 */

/** WCAG AA for normal text (large text and non-text graphics need 3:1). */
export const AA_NORMAL_TEXT = 4.5;

type Rgb = readonly [number, number, number];

/** '#rgb' or '#rrggbb' (any case) as 0-255 channels; anything else is an error. */
export function parseHex(colour: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m?.[1]) throw new Error(`not a hex colour: ${colour}`);
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The relative luminance of a colour (0 black … 1 white), WCAG 2.x's formula on sRGB. */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 (the same) to 21 (black on white), whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour laid at `alpha` (0…1) over an opaque background, as the browser composes it (a tint). */
export function mix(colour: string, alpha: number, over: string): string {
  const top = parseHex(colour);
  const bottom = parseHex(over);
  return toHex(top.map((c, i) => c * alpha + (bottom[i] ?? 0) * (1 - alpha)) as unknown as Rgb);
}

/** The first of the candidates that reads at `ratio` on the background; else the one of highest contrast. */
export function readableOn(
  background: string,
  candidates: readonly string[] = ['#fff', '#000'],
  ratio = AA_NORMAL_TEXT,
) {
  const passing = candidates.find((c) => contrastRatio(c, background) >= ratio);
  if (passing) return passing;
  return [...candidates].sort((x, y) => contrastRatio(y, background) - contrastRatio(x, background))[0] ?? '#000';
}

/**
 * The colour itself when it reads at `ratio` on every background; else the same hue mixed towards black,
 * step by step (1 %), until it does. Meant for light backgrounds (black always reaches 4.5:1 on them).
 */
export function darkenToContrast(colour: string, backgrounds: readonly string[], ratio = AA_NORMAL_TEXT): string {
  const rgb = parseHex(colour);
  for (let step = 0; step <= 100; step++) {
    const candidate = toHex(rgb.map((c) => c * (1 - step / 100)) as unknown as Rgb);
    if (backgrounds.every((b) => contrastRatio(candidate, b) >= ratio)) return candidate;
  }
  return '#000000';
}
