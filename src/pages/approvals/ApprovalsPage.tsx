import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { BulkCheckButtons } from './BulkCheckButtons';
import { CheckDialog } from './CheckDialog';
import { approvedInQueue, useQueue, type QueuedRequest, type QueueScope } from './queue';

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
  const name = request.record?.name ?? request.entityId.slice(0, 8);
  const selectable = approvedInQueue(request) && !request.mine;
  return (
    <TableRow hover selected={selected}>
      <TableCell padding="checkbox">
        {selectable && (
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

/**
 * "Waiting for my approval" (issue 31, item 2): the makers' requests this user may check, each
 * reviewed in a dialog that shows what the maker entered; pay-outs approved or rejected in bulk
 * with one confirmation. The second tab shows the user's own requests, waiting for someone else.
 */
export const ApprovalsPage = () => {
  const translate = useTranslate();
  const [scope, setScope] = useState<QueueScope>('others');
  const { data, error, isPending, refetch } = useQueue({ scope });
  const [selected, setSelected] = useState<string[]>([]);
  const [review, setReview] = useState<QueuedRequest | null>(null);
  const t = (key: string, options?: object) => translate(`app.approvals.${key}`, options);
  const rows = data ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const headers = [
    '',
    t('fields.actions'),
    t('fields.what'),
    t('fields.record'),
    t('fields.amount'),
    t('fields.entries'),
    t('fields.maker'),
    t('fields.asked_at'),
  ];

  return (
    <Card sx={{ p: 2 }}>
      <Tabs
        value={scope}
        textColor="inherit"
        indicatorColor="primary"
        onChange={(_, value: QueueScope) => {
          setScope(value);
          setSelected([]);
        }}
        sx={{ mb: 1 }}
      >
        <Tab value="others" label={t('tab_others')} />
        <Tab value="mine" label={t('tab_mine')} />
      </Tabs>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minHeight: 40, mb: 1 }}>
        {chosen.length > 0 && <BulkCheckButtons chosen={chosen} onDone={() => setSelected([])} />}
      </Stack>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {error.message}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t(scope === 'others' ? 'tab_others' : 'tab_mine')}>
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
                      selected={selected.includes(r.id)}
                      onSelect={(on) => setSelected(on ? [...selected, r.id] : selected.filter((id) => id !== r.id))}
                      onReview={() => setReview(r)}
                    />
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!isPending && !error && rows.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t(scope === 'others' ? 'empty_others' : 'empty_mine')}</Typography>
        </Box>
      )}
      {review && <CheckDialog request={review} onClose={() => setReview(null)} />}
    </Card>
  );
};

export default ApprovalsPage;
