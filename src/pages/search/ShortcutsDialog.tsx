import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { typingIn } from './GlobalSearch';

const SHORTCUTS = [
  ['/', 'search'],
  ['?', 'help'],
  ['Esc', 'close'],
] as const;

/** '?' anywhere outside a field: the sheet of keyboard shortcuts. */
export const ShortcutsDialog = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !typingIn(event.target)) setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="shortcuts-title">
      <DialogTitle id="shortcuts-title">{translate('app.search.shortcuts')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {SHORTCUTS.map(([key, what]) => (
              <TableRow key={key}>
                <TableCell>
                  <kbd>{key}</kbd>
                </TableCell>
                <TableCell>{translate(`app.search.keys.${what}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
};
