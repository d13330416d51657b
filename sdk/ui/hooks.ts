import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onVisible` whenever the element becomes at least `threshold` visible. */
export function useIntersection<T extends Element>(
  onVisible: () => void,
  threshold: number,
  enabled = true,
  rootMargin?: string,
): RefObject<T> {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) callback.current();
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold, enabled, rootMargin]);
  return ref;
}
