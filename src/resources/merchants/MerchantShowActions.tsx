import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { EditButton, TopToolbar, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { toggleRefusal } from '../../../domain/merchant';
import { del, post, put } from '../../providers/http';
import { useMerchants } from '../../merchants';
import { useToasts } from '../../notifications';
import { useSession } from '../../session/SessionProvider';
import { ensureOk } from '../shared/confirmation';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { ApiKeyDialog } from './ApiKeyDialog';
import type { Merchant, MerchantKeys } from './types';

/** Edit, enable or disable, rotate the key, delete: each shown only to a role that may, the sensitive ones password-confirmed. */
export const MerchantShowActions = () => {
  const record = useRecordContext<Merchant>();
  const { role } = useSession();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { reload } = useMerchants();
  const [keys, setKeys] = useState<MerchantKeys | null>(null);
  if (!record || !role) return null;

  const may = (action: Parameters<typeof canDo>[2]) => canDo(role, 'merchants', action);
  const done = (message: string) =>
    toasts.success(translate('app.toast.success'), translate(message, { code: record.code }));
  const path = `/merchants/${record.id}`;

  const toggle = async (headers: Record<string, string>) => {
    ensureOk(await put(`${path}/enabled`, { enabled: !record.enabled }, { headers }));
    done(record.enabled ? 'resources.merchant.done.disabled' : 'resources.merchant.done.enabled');
    reload();
    refresh();
  };
  const rotate = async (headers: Record<string, string>) => {
    const { data } = ensureOk(
      await post<{ data: Merchant & MerchantKeys }>(`${path}/rotate-key`, undefined, { headers }),
    );
    setKeys({ code: data.code, apiKey: data.apiKey, signingSecret: data.signingSecret });
    refresh();
  };
  const remove = async (headers: Record<string, string>) => {
    ensureOk(await del(path, undefined, { headers }));
    done('resources.merchant.done.deleted');
    reload();
    redirect('list', 'merchant');
  };

  return (
    <TopToolbar>
      {may('update') && <EditButton />}
      {may('toggle') && !toggleRefusal(role, record, !record.enabled) && (
        <ConfirmedButton
          recordId={String(record.id)}
          kind="merchant.toggle"
          label={record.enabled ? 'resources.merchant.actions.disable' : 'resources.merchant.actions.enable'}
          icon={record.enabled ? <BlockIcon /> : <CheckCircleIcon />}
          color={record.enabled ? 'warning' : 'primary'}
          action={toggle}
          confirmText={translate(
            record.enabled ? 'resources.merchant.confirm.disable' : 'resources.merchant.confirm.enable',
            { code: record.code },
          )}
        />
      )}
      {may('rotate') && (
        <ConfirmedButton
          recordId={String(record.id)}
          kind="merchant.rotate-keys"
          label="resources.merchant.actions.rotate"
          icon={<KeyIcon />}
          action={rotate}
          confirmText={translate('resources.merchant.confirm.rotate', { code: record.code })}
        />
      )}
      {may('delete') && (
        <ConfirmedButton
          recordId={String(record.id)}
          kind="merchant.delete"
          label="resources.merchant.actions.delete"
          icon={<DeleteIcon />}
          color="error"
          action={remove}
          confirmText={translate('resources.merchant.confirm.delete', { code: record.code })}
        />
      )}
      <ApiKeyDialog keys={keys} onClose={() => setKeys(null)} />
    </TopToolbar>
  );
};
