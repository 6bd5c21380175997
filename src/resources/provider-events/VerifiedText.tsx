import { useRecordContext, useTranslate } from 'react-admin';
import type { ProviderEvent } from './types';

/** Whether the provider's signature checked out. */
export const VerifiedText = () => {
  const record = useRecordContext<ProviderEvent>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`resources.provider-events.verified.${record.verified}`)}</>;
};
