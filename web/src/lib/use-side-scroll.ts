import { useEffect, useRef, useState } from 'react';

/** Which sides of a sideways-scrolling element have content out of sight. */
export interface HiddenSides {
  /** Content is hidden on the left (the element was scrolled). */
  start: boolean;
  /** Content is hidden on the right (the element is wider than its box and not scrolled to the end). */
  end: boolean;
}

const NONE: HiddenSides = { start: false, end: false };

/**
 * Watches an element that may scroll sideways (a wide table on a phone) and says on which sides content
 * is out of sight, so the page can show it (a shadow at that edge). Updated on scroll and whenever the
 * element or its content changes size (a new page of rows, a turned phone).
 */
export function useSideScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [hidden, setHidden] = useState<HiddenSides>(NONE);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      // A pixel of slack: zoomed pages report fractional widths.
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft < element.scrollWidth - element.clientWidth - 1;
      setHidden((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return { ref, hidden };
}
