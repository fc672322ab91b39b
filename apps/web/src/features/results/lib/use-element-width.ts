import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The rendered width of an element in CSS pixels, followed as it changes (ResizeObserver); `fallback` before
 * it is measured or where the browser cannot tell (jsdom).
 */
export function useElementWidth<T extends HTMLElement>(fallback: number): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.round(node.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    observer.current = new ResizeObserver(measure);
    observer.current.observe(node);
    measure();
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}
