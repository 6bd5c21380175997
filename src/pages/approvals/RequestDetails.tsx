import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { Beneficiary, QueuedRequest } from './queue';

/** The beneficiary in one line: holder, account, IFSC and bank, or the UPI id. */
export const beneficiaryLine = (b: Beneficiary | null) => {
  if (!b) return null;
  const account = [b.accountHolder, b.accountNumber && `A/c ${b.accountNumber}`, b.ifsc, b.bankName].filter(Boolean);
  return account.length > 0 ? account.join(' · ') : b.upiId;
};

/** What a checker reads before deciding: who asked and when, the record, and the maker's entries. */
export const RequestDetails = ({ request }: { request: QueuedRequest }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.approvals.fields.${key}`);
  const { entries, record } = request;
  const rows: [string, string | null | undefined][] = [
    [t('what'), translate(`app.approvals.actions.${request.action}`, { _: request.action })],
    [t('record'), record ? [record.name, record.party].filter(Boolean).join(' · ') : null],
    [t('amount'), record ? formatRupees(record.amount) : null],
    [t('maker'), `${request.maker} (${translate(`app.roles.${request.makerRole}`, { _: request.makerRole })})`],
    [t('asked_at'), formatDateTime(request.askedAt)],
    [t('method'), entries.method],
    [t('paying_bank'), entries.payingBank],
    [t('utr'), entries.utr],
    [t('confirmed_amount'), entries.confirmedAmount === null ? null : formatRupees(entries.confirmedAmount)],
    [t('reference'), entries.reference],
    [t('reason'), entries.reason],
    [t('beneficiary'), beneficiaryLine(record?.beneficiary ?? null)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
};
