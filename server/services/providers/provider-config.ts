import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { providerAccounts } from '../../db/schema';
import {
  DEFAULT_API_BASE,
  PROVIDER_FIELDS,
  PROVIDERS,
  type Provider,
  type ProviderField,
} from '../../../domain/providers';

export type ProviderFieldKey = ProviderField['key'];

/** The providers' fields the environment sets (RAZORPAY_*, CASHFREE_*, PAYU_*): they win over the dashboard's. */
export type ProviderEnv = Partial<Record<Provider, Partial<Record<ProviderFieldKey, string>>>>;

/** Reads each provider's variables from the environment (empty ones are not set). */
export const providerEnvFrom = (env: NodeJS.ProcessEnv): ProviderEnv =>
  Object.fromEntries(
    PROVIDERS.map((provider) => [
      provider,
      Object.fromEntries(PROVIDER_FIELDS[provider].filter((f) => env[f.env]).map((f) => [f.key, env[f.env]!.trim()])),
    ]),
  );

/** A provider's account as the server uses it: the environment's fields over the dashboard's. */
export interface ProviderSettings {
  provider: Provider;
  keyId: string | null;
  keySecret: string | null;
  webhookSecret: string | null;
  /** Without a trailing slash; the provider's production host when none is set. */
  apiBase: string;
  /** ADMIN's switch (on when never saved). */
  enabled: boolean;
  /** Every required field has a value. */
  configured: boolean;
  /** Which fields the environment sets (the dashboard cannot change those). */
  fromEnv: Record<ProviderFieldKey, boolean>;
}

type AccountRow = typeof providerAccounts.$inferSelect;

const merged = (provider: Provider, row: AccountRow | undefined, env: ProviderEnv): ProviderSettings => {
  const own = env[provider] ?? {};
  const value = (key: ProviderFieldKey) => own[key] ?? row?.[key] ?? null;
  const fromEnv = { keyId: false, keySecret: false, webhookSecret: false, apiBase: false };
  for (const f of PROVIDER_FIELDS[provider]) fromEnv[f.key] = own[f.key] !== undefined;
  return {
    provider,
    keyId: value('keyId'),
    keySecret: value('keySecret'),
    webhookSecret: value('webhookSecret'),
    apiBase: (value('apiBase') ?? DEFAULT_API_BASE[provider]).replace(/\/+$/, ''),
    enabled: row?.enabled ?? true,
    configured: PROVIDER_FIELDS[provider].every((f) => !f.required || Boolean(value(f.key))),
    fromEnv,
  };
};

/** One provider's settings, read now (a change in the dashboard applies to the next request). */
export const providerSettings = async (db: DbOrTx, env: ProviderEnv, provider: Provider) => {
  const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.provider, provider));
  return merged(provider, row, env);
};

/** Every provider's settings, in PROVIDERS order. */
export const allProviderSettings = async (db: DbOrTx, env: ProviderEnv): Promise<ProviderSettings[]> => {
  const rows = await db.select().from(providerAccounts);
  return PROVIDERS.map((p) =>
    merged(
      p,
      rows.find((r) => r.provider === p),
      env,
    ),
  );
};

/** A provider the pay pages may offer: configured and switched on. */
export const usable = (s: ProviderSettings) => s.configured && s.enabled;
