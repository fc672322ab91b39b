import { GREETINGS } from './constants';

/** 'Morning' before 12, 'Afternoon' before 16, 'Evening' before 20, 'Night' before 23, then 'Night'. */
export function greetingFor(hour: number): string {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`hour out of range: ${hour}`);
  for (const g of GREETINGS) if (hour < g.before) return g.text;
  return 'Night';
}

/** Cuts a text at `max` characters, ending in an ellipsis when it was longer. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 3))}...`;
}

/** Badge count as shown: at most 999. */
export function badgeCount(n: number, max = 999): number {
  return Math.min(Math.max(0, n), max);
}
