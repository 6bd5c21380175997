import type { Provider } from '../../../domain/providers';
import { get, put } from '../../providers/http';
import type { ConfirmationHeaders } from '../shared/confirmation';
import type { ProviderAccount, ProviderUpdate } from './types';

/** The API resource of the providers' accounts. */
export const PROVIDERS_RESOURCE = 'providers';

export const providerActions = {
  list: (signal?: AbortSignal) => get<{ data: ProviderAccount[] }>(`/${PROVIDERS_RESOURCE}`, {}, { signal }),
  /** Saves the changes, the ADMIN's password confirming them (kind 'provider.update'). */
  save: (provider: Provider, body: ProviderUpdate, headers: ConfirmationHeaders) =>
    put<{ data: ProviderAccount }>(`/${PROVIDERS_RESOURCE}/${provider}`, body, { headers }),
};
