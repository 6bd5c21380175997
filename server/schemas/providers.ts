import { Type, type Static } from '@fastify/type-provider-typebox';
import { PROVIDERS } from '../../domain/providers';
import { Nullable, enumOf } from './common';

export const ProviderParams = Type.Object({ provider: enumOf(PROVIDERS) });

/** One configuration field of a provider as the dashboard shows it: a secret's value never leaves the server. */
export const ProviderFieldView = Type.Object({
  key: Type.String(),
  label: Type.String(),
  secret: Type.Boolean(),
  required: Type.Boolean(),
  value: Nullable(Type.String({ description: 'non-secret fields only; null for a secret or an empty field' })),
  masked: Nullable(Type.String({ description: "a secret's last four characters, the rest masked; null otherwise" })),
  fromEnv: Type.Boolean({ description: 'set by the environment: it wins, and the dashboard cannot change it' }),
});

export const ProviderView = Type.Object({
  provider: enumOf(PROVIDERS),
  label: Type.String(),
  enabled: Type.Boolean({ description: "ADMIN's switch: off, no pay page offers it" }),
  configured: Type.Boolean({ description: 'every required field has a value' }),
  fields: Type.Array(ProviderFieldView),
});
export type ProviderView = Static<typeof ProviderView>;

/** Each field's new value: omitted stays, '' clears. A field the environment sets cannot be changed. */
const FieldValue = (description: string) => Type.Optional(Type.String({ maxLength: 500, description }));

export const ProviderUpdate = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    keyId: FieldValue("RazorPay's key id, CashFree's client id, PayU's merchant key"),
    keySecret: FieldValue("RazorPay's key secret, CashFree's client secret, PayU's salt (write-only)"),
    webhookSecret: FieldValue("RazorPay's webhook secret (write-only; RazorPay only)"),
    apiBase: FieldValue("the http(s) base URL of the API; empty: the provider's production host"),
  },
  { additionalProperties: false },
);
export type ProviderUpdate = Static<typeof ProviderUpdate>;
