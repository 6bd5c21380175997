import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * A wide table's own sideways scroll, so that a phone's page never scrolls sideways (issue 31,
 * item 12). Only while it does scroll is it a named stop of the keyboard: arrow keys then move it.
 */
export const ScrollBox = ({ label, children }: { label: string; children: ReactNode }) => {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={box} sx={{ overflowX: 'auto' }} {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': label })}>
      {children}
    </Box>
  );
};
