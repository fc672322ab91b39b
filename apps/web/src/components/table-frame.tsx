import { type SxProps, TableContainer, type Theme } from '@mui/material';
import { type ReactNode, type Ref, type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

/** The frame ends this far above the window's bottom edge. */
const BOTTOM_GAP_PX = 24;

/**
 * The height left below an element down to the window's bottom edge (at least `min`), measured again when
 * the window or the page above it changes size: a frame of that height keeps its own horizontal scrollbar on
 * screen, however many rows it holds.
 */
function useRoomBelow(element: RefObject<HTMLElement | null>, min: number, enabled: boolean): number | undefined {
  const [room, setRoom] = useState<number>();
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const node = element.current;
      if (!node) return;
      const top = node.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(min, Math.floor(window.innerHeight - top - BOTTOM_GAP_PX));
      setRoom((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [element, min, enabled]);
  return enabled ? room : undefined;
}

interface TableFrameProps {
  children: ReactNode;
  /** the frame's element (an infinite scroll watches its own rows inside it) */
  ref?: Ref<HTMLDivElement>;
  /** the lowest the frame gets when the page above it is tall (px) */
  minHeight?: number;
  /**
   * Keep the frame within the window's height (default). A paged table whose pager sits below it passes
   * false: its ten rows then show whole, and the frame only scrolls sideways.
   */
  fitHeight?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The frame of an admin table (issue 15): the table scrolls inside it, both ways, with its header row kept on
 * top (a `stickyHeader` table) and header labels on one line; the frame is never taller than the room below
 * it on screen, so its horizontal scrollbar is in view without scrolling through every row. It is marked
 * `data-table-frame` for the layout check of the end-to-end suite (e2e/tests/layout.spec.ts).
 */
export function TableFrame({ children, ref, minHeight = 320, fitHeight = true, sx }: TableFrameProps) {
  const own = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const maxHeight = useRoomBelow(own, minHeight, fitHeight);
  return (
    <TableContainer
      ref={setRef}
      data-table-frame=""
      sx={[
        {
          maxHeight,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '& .MuiTableCell-head': { whiteSpace: 'nowrap' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </TableContainer>
  );
}
