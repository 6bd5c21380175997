import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';

const SHORTCUTS = [
  ['/', 'search'],
  ['?', 'help'],
  ['Esc', 'close'],
] as const;

/** The sheet of keyboard shortcuts itself (ShortcutsDialog opens it). */
export const ShortcutsSheet = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title">
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
