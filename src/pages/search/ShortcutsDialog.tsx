import { lazy, Suspense, useEffect, useState } from 'react';
import { typingIn } from './GlobalSearch';

// The sheet (a dialog with a table) is fetched the first time someone asks for it.
const ShortcutsSheet = lazy(() => import('./ShortcutsSheet').then((module) => ({ default: module.ShortcutsSheet })));

/** '?' anywhere outside a field: the sheet of keyboard shortcuts. */
export const ShortcutsDialog = () => {
  const [open, setOpen] = useState(false);
  // Once opened it stays mounted, so that closing it plays the dialog's own exit.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !typingIn(event.target)) {
        setAsked(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    asked && (
      <Suspense fallback={null}>
        <ShortcutsSheet open={open} onClose={() => setOpen(false)} />
      </Suspense>
    )
  );
};
