/** Figures are percentages rounded to 2 decimals (the screens show them with 2 decimals). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** part / whole × 100, rounded to 2 decimals; null when whole is 0 (nothing to measure). */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? round2((part / whole) * 100) : null;
}
