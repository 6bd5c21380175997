import type { Provider, ProviderField } from '../../../domain/providers';

export type ProviderFieldKey = ProviderField['key'];

/** One configuration field as GET /v1/providers shows it: a secret only masked, never its value. */
export interface ProviderFieldView {
  key: ProviderFieldKey;
  label: string;
  secret: boolean;
  required: boolean;
  /** The value of a field that is not secret. */
  value: string | null;
  /** A secret that is set, masked. */
  masked: string | null;
  /** Set by an environment variable: it cannot be changed here. */
  fromEnv: boolean;
}

/** A payment provider's account. */
export interface ProviderAccount {
  provider: Provider;
  label: string;
  enabled: boolean;
  /** Every required field is set. */
  configured: boolean;
  fields: ProviderFieldView[];
}

/** PUT /v1/providers/:provider: a field left out is unchanged, an empty string clears it. */
export type ProviderUpdate = { enabled?: boolean } & Partial<Record<ProviderFieldKey, string>>;
