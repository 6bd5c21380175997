import { useState } from 'react';
import { Create, SimpleForm, useRedirect } from 'react-admin';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { setsMerchantControls } from '../../../domain/merchant';
import { ApiKeyDialog } from './ApiKeyDialog';
import { MerchantInputs, useParentControls } from './MerchantInputs';
import { merchantCreateBody, withoutStaffOnlyFields } from './merchantValidation';
import type { Merchant, MerchantKeys } from './types';

/** New merchant; its API key and signing secret are shown once, then the merchant's page opens. */
export const MerchantCreate = () => {
  const redirect = useRedirect();
  const { role } = useSession();
  const { merchants, reload } = useMerchants();
  const parentControls = useParentControls();
  const [created, setCreated] = useState<(MerchantKeys & { id: string }) | null>(null);
  const locked = role === null || !setsMerchantControls(role);
  // A merchant admin's merchant goes under its own (first) merchant unless it picks another.
  const defaultParent = locked ? merchants.find((m) => !m.parentCode)?.code : undefined;

  // A merchant admin's sub-merchant takes its parent's limits, fees and options (the server checks).
  const transform = (values: Record<string, unknown>) => {
    const body = merchantCreateBody(values);
    return locked ? { ...withoutStaffOnlyFields(body), ...parentControls(body.parentCode ?? defaultParent) } : body;
  };
  const done = () => {
    const id = created?.id;
    setCreated(null);
    if (id) redirect('show', 'merchant', id);
  };

  return (
    <>
      <Create
        transform={transform}
        mutationOptions={{
          onSuccess: (data: Merchant & MerchantKeys) => {
            reload();
            setCreated({ id: data.id, code: data.code, apiKey: data.apiKey, signingSecret: data.signingSecret });
          },
        }}
      >
        <SimpleForm
          noValidate
          defaultValues={
            locked
              ? { parentCode: defaultParent ?? null }
              : { testMode: false, disputesAllowed: true, parentCode: null }
          }
        >
          <MerchantInputs isCreate />
        </SimpleForm>
      </Create>
      <ApiKeyDialog keys={created} onClose={done} />
    </>
  );
};
