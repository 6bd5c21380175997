import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportRowError } from './types';

/** The lines of an uploaded statement the server refused, with why. */
export const ImportErrors = ({ rows }: { rows: ImportRowError[] }) => {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('resources.add-data.import.invalid')} sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.add-data.import.line')}</TableCell>
          <TableCell>{translate('resources.add-data.import.reason')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.line}-${row.reason}`}>
            <TableCell>{row.line}</TableCell>
            <TableCell>{row.reason}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
