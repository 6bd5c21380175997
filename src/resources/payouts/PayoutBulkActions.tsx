import { useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import SendIcon from '@mui/icons-material/Send';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Tooltip } from '@mui/material';
import { Button, Confirm, Form, useListContext, useRefresh, useTranslate } from 'react-admin';
import { CODE_FORMAT } from '../../../domain/formats';
import { matches, required } from '../../../domain/validation';
import { useToasts } from '../../notifications';
import { payoutActions } from './actions';
import { useEko } from './useEko';
import { usePayoutAccess } from './usePayoutAccess';
import { VendorCodeInput } from './VendorCodeInput';

const t_ = (key: string) => `resources.payouts.bulk.${key}`;

/** After a bulk action: the selection cleared and the list read again. */
const useDone = () => {
  const { onUnselectItems } = useListContext();
  const refresh = useRefresh();
  return () => {
    onUnselectItems();
    refresh();
  };
};

/** "Add Vendor": the selected waiting pay-outs given to one vendor, all or none. */
export const AddVendorButton = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const done = useDone();
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  const label = translate(t_('vendor'));
  const submit = async (values: Record<string, unknown>) => {
    const vendorCode = String(values.vendorCode).trim();
    const result = await payoutActions.assign(selectedIds.map(String), vendorCode);
    if (result.error) {
      toasts.error(translate('app.toast.error'), result.error.message);
      return { vendorCode: result.error.message, root: { serverError: result.error.message } };
    }
    const { assigned } = result.data.data;
    toasts.success(translate('app.toast.success'), translate(t_('assigned'), { smart_count: assigned, vendorCode }));
    setOpen(false);
    done();
    return undefined;
  };
  return (
    <>
      <Button label={t_('add_vendor')} onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="add-vendor-title">
        <Form onSubmit={submit} noValidate>
          <DialogTitle id="add-vendor-title">
            {translate(t_('add_vendor_title'), { smart_count: selectedIds.length })}
          </DialogTitle>
          <DialogContent>
            <VendorCodeInput
              source="vendorCode"
              label={label}
              validate={[required(label), matches(label, CODE_FORMAT)]}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained">
              {translate(t_('assign'))}
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};

/** "Batch Withdrawal": the selected pay-outs sent through Eko, with how many went and how many failed. */
export const BatchWithdrawalButton = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const done = useDone();
  const { selectedIds } = useListContext();
  const eko = useEko(true);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const result = await payoutActions.batchWithdrawal(selectedIds.map(String));
    setBusy(false);
    setOpen(false);
    if (result.error) return toasts.error(translate('app.toast.error'), result.error.message);
    const { results } = result.data.data;
    const ok = results.filter((r) => r.ok).length;
    const waiting = results.filter((r) => r.ok && r.awaitingProvider).length;
    const text = translate(t_('sent'), { ok, waiting, failed: results.length - ok });
    if (ok === results.length) toasts.success(translate('app.toast.success'), text);
    else toasts.warning(translate('app.toast.warning'), text);
    done();
  };
  const why = eko && !eko.available ? translate(t_('eko_unavailable'), { why: eko.why ?? '' }) : '';
  return (
    <>
      <Tooltip title={why}>
        <span>
          <Button label={t_('batch')} onClick={() => setOpen(true)} disabled={!eko?.available}>
            <SendIcon />
          </Button>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={t_('batch_title')}
        content={translate(t_('batch_content'), { smart_count: selectedIds.length })}
        onConfirm={send}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** The bulk actions over selected rows, for the staff who assign pay-outs. */
export const PayoutBulkActions = () => {
  const { mayAssign, staff } = usePayoutAccess();
  return (
    <>
      {staff && <BatchWithdrawalButton />}
      {mayAssign && <AddVendorButton />}
    </>
  );
};
