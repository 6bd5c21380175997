import {
  Button,
  Checkbox,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { QueuedRequest } from './queue';
import { nameOf, selectable, type QueueViewProps } from './queueView';

const Row = ({
  request,
  selected,
  onSelect,
  onReview,
}: {
  request: QueuedRequest;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onReview: () => void;
}) => {
  const translate = useTranslate();
  const name = nameOf(request);
  return (
    <TableRow hover selected={selected}>
      <TableCell padding="checkbox">
        {selectable(request) && (
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': translate('app.approvals.select', { name }) } }}
          />
        )}
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variant="outlined"
          onClick={onReview}
          aria-label={`${translate('app.approvals.review')} ${name}`}
        >
          {translate('app.approvals.review')}
        </Button>
      </TableCell>
      <TableCell>{translate(`app.approvals.actions.${request.action}`, { _: request.action })}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {request.record?.party}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {request.record ? formatRupees(request.record.amount) : ''}
      </TableCell>
      <TableCell>
        {[request.entries.utr, request.entries.payingBank, request.entries.reference].filter(Boolean).join(' · ')}
      </TableCell>
      <TableCell>{request.maker}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(request.askedAt)}</TableCell>
    </TableRow>
  );
};

/** The queue as a table, from 600 px up: one row a request, its maker's entries in a column. */
export const QueueTable = ({ rows, isPending, label, isSelected, onSelect, onReview }: QueueViewProps) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.approvals.fields.${key}`);
  const headers = ['', t('actions'), t('what'), t('record'), t('amount'), t('entries'), t('maker'), t('asked_at')];
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((h, i) => (
              <TableCell key={i} align={i === 4 ? 'right' : undefined}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {isPending
            ? [0, 1, 2].map((i) => (
                <TableRow key={i}>
                  <TableCell colSpan={headers.length}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((r) => (
                <Row
                  key={r.id}
                  request={r}
                  selected={isSelected(r)}
                  onSelect={(on) => onSelect(r, on)}
                  onReview={() => onReview(r)}
                />
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
