import { Edit, SimpleForm, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { put } from '../../providers/http';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import { useConfirmedSave } from '../shared/useConfirmedSave';
import { setsMerchantIntent } from './IntentInputs';
import { MerchantInputs } from './MerchantInputs';
import { merchantUpdateBody } from './merchantValidation';
import type { Merchant } from './types';

/** Saved as the server answers; changing the callback or return URLs asks for the password (the server says when). */
const MerchantForm = () => {
  const record = useRecordContext<Merchant>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { role } = useSession();
  const { save, dialog } = useConfirmedSave('merchant.callback-urls', {
    what: 'resources.merchant.confirm.callback_urls',
    onlyIfAsked: true,
  });
  if (!record) return null;
  const submit = (values: Record<string, unknown>) =>
    save(
      (headers) =>
        put(`/merchants/${record.id}`, merchantUpdateBody(values, { intent: setsMerchantIntent(role) }), { headers }),
      () => {
        toasts.success(translate('app.toast.success'), translate('resources.merchant.notifications.updated'));
        refresh();
        redirect('show', 'merchant', record.id);
      },
    );
  return (
    <>
      <SimpleForm noValidate onSubmit={submit}>
        <MerchantInputs />
      </SimpleForm>
      {dialog}
    </>
  );
};

/** Limits and fees move money: the edit waits for the server and shows its message. */
export const MerchantEdit = () => (
  <Edit mutationMode="pessimistic">
    <MerchantForm />
  </Edit>
);
