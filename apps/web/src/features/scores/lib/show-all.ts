import { SCORE_LIMITS } from '@sim/shared';

/** The filter lists show their first 6 items, then Show all / Hide all (learner-and-review.md section 9). */
export const LIST_PREVIEW: number = SCORE_LIMITS.filterListFirst;

export interface ShownItems<T> {
  items: readonly T[];
  /** a Show all / Hide all toggle is offered (the list is longer than the preview) */
  toggle: boolean;
}

/**
 * The items a filter list shows: all of them when expanded or short, else the first 6. Items already
 * checked stay visible when the list is collapsed, so a filter in force is never hidden.
 */
export function shownItems<T>(
  items: readonly T[],
  expanded: boolean,
  isChecked: (item: T) => boolean = () => false,
  preview = LIST_PREVIEW,
): ShownItems<T> {
  const toggle = items.length > preview;
  if (expanded || !toggle) return { items, toggle };
  return { items: items.filter((item, i) => i < preview || isChecked(item)), toggle };
}
