import DoneIcon from '@mui/icons-material/Done';
import { Typography } from '@mui/material';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import { UTR_FORMAT, normaliseUtr } from '../../../domain/payin';
import { SETTLEMENT_REFERENCE_FORMAT, needsUtr } from '../../../domain/settlement';
import { matches, required } from '../../../domain/validation';
import { serverErrors } from '../shared/FormDialog';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import { useSettlementAccess } from './access';
import { useSettlementKind } from './kind';
import { RowDialogButton } from './RowDialogButton';
import { settlementName, useMethodLabel } from './SettlementCells';
import type { SettlementRow } from './types';
import { useSettlementOutcome } from './useSettlementOutcome';

/** Who is paid: the account (holder, number, IFSC) or the wallet and its address. */
const beneficiaryOf = (r: SettlementRow) =>
  [r.accountHolder, r.accountNumber && `A/c ${r.accountNumber}`, r.ifsc, r.wallet, r.walletAddress]
    .filter(Boolean)
    .join(' · ') || '—';

/**
 * Paid: BANK with its 12-digit UTR, other methods with an optional reference; SUCCESS. Money leaves
 * the gateway, so the password is asked; above the checker threshold the first approval waits for
 * another person's.
 */
export const ApproveSettlementButton = () => {
  const record = useRecordContext<SettlementRow>();
  const translate = useTranslate();
  const kind = useSettlementKind();
  const methodLabel = useMethodLabel();
  const outcome = useSettlementOutcome();
  const { may } = useSettlementAccess();
  const { send, dialog } = useConfirmedAction();
  const { userName } = useSession();
  if (!record || !may('approve', record)) return null;
  const waiting = record.checkerRequest ?? null;
  if (waiting?.maker === userName)
    return (
      <Typography variant="caption" color="text.secondary">
        {translate(`resources.${kind.screen}.approve.waiting_checker`)}
      </Typography>
    );

  const name = settlementName(record);
  const t = (key: string, options?: object) =>
    translate(`resources.${kind.screen}.approve.${key}`, { name, ...options });
  const utr = needsUtr(record.method);
  const label = utr ? t('utr') : t('reference');
  const submit = async (values: Record<string, unknown>) => {
    const typed = String(values.reference ?? '').trim();
    const reference = utr ? normaliseUtr(typed) : typed;
    const result = await send(
      kind.approveKind,
      (headers) => kind.run.approve(record.id, reference ? { reference } : {}, headers),
      { what: t('what', { amount: formatRupees(record.amount) }), recordId: String(record.id) },
    );
    if (!result) return {};
    const done = result.data?.data.awaitingChecker ? t('waiting') : t('done');
    return outcome(result, done) || serverErrors(result.error!);
  };

  return (
    <>
      <RowDialogButton
        label={t('action')}
        name={name}
        icon={<DoneIcon fontSize="small" />}
        color="success"
        title={t('title')}
        submitLabel={t('submit')}
        onSubmit={submit}
        record={waiting?.reference ? { reference: waiting.reference } : undefined}
      >
        <Typography sx={{ mb: 1 }}>
          {t('content', { amount: formatRupees(record.amount), method: methodLabel(record.method) })}
        </Typography>
        <Typography sx={{ mb: 1, fontWeight: 500 }} data-testid="beneficiary">
          {t('beneficiary', { to: beneficiaryOf(record) })}
        </Typography>
        {waiting && (
          <Typography sx={{ mb: 1 }} color="text.secondary">
            {t('asked_by', { maker: waiting.maker, at: formatDateTime(waiting.askedAt) })}
          </Typography>
        )}
        <TextInput
          source="reference"
          label={label}
          validate={utr ? [required(label), matches(label, UTR_FORMAT)] : [matches(label, SETTLEMENT_REFERENCE_FORMAT)]}
          fullWidth
        />
      </RowDialogButton>
      {dialog}
    </>
  );
};
