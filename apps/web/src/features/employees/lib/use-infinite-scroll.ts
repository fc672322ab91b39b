import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the sentinel element scrolls into view of `root` (the scrolling frame that holds it;
 * default the window), with a margin, so the next page is asked for a little before the end. Does nothing
 * where IntersectionObserver is missing; the list keeps a button for that, and for keyboard users.
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  enabled: boolean,
  onReach: () => void,
  root?: RefObject<Element | null>,
) {
  const callback = useRef(onReach);
  callback.current = onReach;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { root: root?.current ?? null, rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, root]);
}
