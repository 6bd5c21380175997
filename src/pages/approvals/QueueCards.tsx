import { Box, Button, Card, CardActions, Checkbox, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { ageOf, CardLine } from '../../resources/shared/CardList';
import { approvedInQueue, type QueuedRequest } from './queue';
import { nameOf, selectable, type QueueViewProps } from './queueView';
import { beneficiaryLine } from './RequestDetails';

const QueueCard = ({
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
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`app.approvals.${key}`, options);
  const name = nameOf(request);
  const beneficiary = beneficiaryLine(request.record?.beneficiary ?? null);
  const entries = [request.entries.utr, request.entries.payingBank, request.entries.reference].filter(Boolean);
  // Each decision opens the request's dialog: it shows all the maker entered, and asks once more.
  const decide = (key: string, props: object) => (
    <Button key={key} size="small" onClick={onReview} aria-label={`${t(key)} ${name}`} {...props}>
      {t(key)}
    </Button>
  );
  return (
    <Card component="li" variant="outlined" sx={{ bgcolor: selected ? 'action.selected' : undefined }}>
      <Stack direction="row" sx={{ p: 1.5, pb: 1, gap: 0.5, alignItems: 'flex-start' }}>
        {selectable(request) && (
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('select', { name }) } }}
            sx={{ ml: -1, mt: -0.75 }}
          />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="h6" component="p">
              {request.record ? formatRupees(request.record.amount) : name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {ageOf(request.askedAt, locale ?? 'en')}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t(`actions.${request.action}`, { _: request.action })}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {request.record?.party && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {request.record.party}
            </Typography>
          )}
          {beneficiary && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <CardLine label="app.approvals.fields.beneficiary">{beneficiary}</CardLine>
            </Typography>
          )}
          {entries.length > 0 && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <CardLine label="app.approvals.fields.entries">{entries.join(' · ')}</CardLine>
            </Typography>
          )}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <CardLine label="app.approvals.fields.maker">{request.maker}</CardLine>
          </Typography>
        </Box>
      </Stack>
      <CardActions sx={{ pt: 0, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {request.mine
          ? decide('review', { variant: 'outlined' })
          : [
              decide('reject', { variant: 'outlined', color: 'error' }),
              approvedInQueue(request)
                ? decide('approve', { variant: 'contained', color: 'success' })
                : decide('review', { variant: 'outlined' }),
            ]}
      </CardActions>
    </Card>
  );
};

/** The queue below 600 px: one card a request, what is asked and for how much first, its decision below. */
export const QueueCards = ({ rows, isPending, label, isSelected, onSelect, onReview }: QueueViewProps) =>
  isPending ? (
    <Stack spacing={1}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={120} />
      ))}
    </Stack>
  ) : (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((r) => (
        <QueueCard
          key={r.id}
          request={r}
          selected={isSelected(r)}
          onSelect={(on) => onSelect(r, on)}
          onReview={() => onReview(r)}
        />
      ))}
    </Stack>
  );
