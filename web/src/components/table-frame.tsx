import type { CSSProperties, ReactNode } from 'react';
import { useSideScroll } from '../lib/use-side-scroll';
import classes from './table-frame.module.css';

interface TableFrameProps {
  /** The table's accessible name, which also names the box while it scrolls. */
  label: string;
  /**
   * Below this width the table scrolls sideways rather than squeezing its columns. At most about 1000 px:
   * the content of a 1280 px screen beside the menu, where every column is to show without scrolling.
   */
  minWidth: number;
  /** The table's last column holds the row's actions: it stays in sight at the right edge while the table scrolls. */
  pinnedActions?: boolean;
  /** The table (Mantine's Table). */
  children: ReactNode;
}

/**
 * The frame of every list's table. Its cells are compact and a long value (an email, a host name) wraps
 * inside its column, so a laptop's screen shows every column without sideways scrolling. On a phone the
 * table scrolls sideways inside the frame, with a shadow at each edge that has columns beyond it and the
 * row's actions pinned at the right edge, so every row's buttons are in reach without scrolling. While it
 * scrolls, the frame takes keyboard focus (arrow keys scroll it) and is named after the table.
 */
export function TableFrame({ label, minWidth, pinnedActions = false, children }: TableFrameProps) {
  const { ref, hidden } = useSideScroll<HTMLDivElement>();
  const scrolls = hidden.start || hidden.end;
  return (
    <div
      className={classes.frame}
      data-hidden-start={hidden.start || undefined}
      data-hidden-end={hidden.end || undefined}
      data-pinned-actions={pinnedActions || undefined}
    >
      <div
        ref={ref}
        className={classes.scroller}
        style={{ '--table-frame-min-width': `${minWidth}px` } as CSSProperties}
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
      >
        {children}
      </div>
    </div>
  );
}
