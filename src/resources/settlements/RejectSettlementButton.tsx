import CloseIcon from '@mui/icons-material/Close';
import { FormDataConsumer, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { PAYOUT_REJECTION_REASONS } from '../../../domain/payout';
import { required } from '../../../domain/validation';
import { serverErrors } from '../shared/FormDialog';
import { useSettlementAccess } from './access';
import { useSettlementKind } from './kind';
import { RowDialogButton } from './RowDialogButton';
import { settlementName } from './SettlementCells';
import type { SettlementRow } from './types';
import { useSettlementOutcome } from './useSettlementOutcome';

/** SPEC §8's reasons; the last one, Other, needs a text saying why, which is sent as the reason. */
const REASONS = PAYOUT_REJECTION_REASONS.map((id) => ({ id, name: id }));
const OTHER = PAYOUT_REJECTION_REASONS[PAYOUT_REJECTION_REASONS.length - 1];

/** Not paid: REJECTED with its reason. */
export const RejectSettlementButton = () => {
  const record = useRecordContext<SettlementRow>();
  const translate = useTranslate();
  const kind = useSettlementKind();
  const outcome = useSettlementOutcome();
  const { may } = useSettlementAccess();
  if (!record || !may('reject', record)) return null;

  const name = settlementName(record);
  const t = (key: string) => translate(`resources.${kind.screen}.reject.${key}`, { name });
  const submit = async (values: Record<string, unknown>) => {
    const reason = values.reason === OTHER ? String(values.text ?? '').trim() : String(values.reason);
    const result = await kind.run.reject(record.id, { reason });
    return outcome(result, t('done')) || serverErrors(result.error!);
  };

  return (
    <RowDialogButton
      label={t('action')}
      name={name}
      icon={<CloseIcon fontSize="small" />}
      color="error"
      title={t('title')}
      submitLabel={t('submit')}
      onSubmit={submit}
    >
      <SelectInput source="reason" label={t('reason')} choices={REASONS} validate={required(t('reason'))} fullWidth />
      <FormDataConsumer>
        {({ formData }) =>
          formData.reason === OTHER && (
            <TextInput
              source="text"
              label={t('text')}
              validate={required(t('text'))}
              multiline
              slotProps={{ htmlInput: { maxLength: 200 } }}
              fullWidth
            />
          )
        }
      </FormDataConsumer>
    </RowDialogButton>
  );
};
