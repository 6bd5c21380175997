import { useState } from 'react';
import { Create, SimpleForm, useRedirect } from 'react-admin';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { setsMerchantFees } from '../../../domain/merchant';
import { ApiKeyDialog } from './ApiKeyDialog';
import { MerchantInputs, useParentFees } from './MerchantInputs';
import { merchantCreateBody } from './merchantValidation';
import type { Merchant, MerchantKeys } from './types';

/** New merchant; its API key and signing secret are shown once, then the merchant's page opens. */
export const MerchantCreate = () => {
  const redirect = useRedirect();
  const { role } = useSession();
  const { merchants, reload } = useMerchants();
  const parentFees = useParentFees();
  const [created, setCreated] = useState<(MerchantKeys & { id: string }) | null>(null);
  const feesLocked = role === null || !setsMerchantFees(role);
  // A merchant admin's merchant goes under its own (first) merchant unless it picks another.
  const defaultParent = feesLocked ? merchants.find((m) => !m.parentCode)?.code : undefined;

  const transform = (values: Record<string, unknown>) => {
    const body = merchantCreateBody(values);
    return feesLocked ? { ...body, ...parentFees(body.parentCode ?? defaultParent) } : body;
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
          defaultValues={{ testMode: false, disputesAllowed: true, parentCode: defaultParent ?? null }}
        >
          <MerchantInputs isCreate />
        </SimpleForm>
      </Create>
      <ApiKeyDialog keys={created} onClose={done} />
    </>
  );
};
