import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { providerAccounts } from '../../db/schema';
import { badRequest } from '../../errors';
import { PROVIDER_FIELDS, PROVIDER_LABEL, PROVIDERS, maskSecret, type Provider } from '../../../domain/providers';
import type { ProviderUpdate, ProviderView } from '../../schemas/providers';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import type { ProviderEnv, ProviderFieldKey } from './provider-config';

/**
 * Issue 14: the payment providers' accounts as ADMIN sets them. The environment's variables win
 * over each field and cannot be changed here; secrets are write-only (shown masked, never sent
 * back, never audited or logged).
 */

type AccountRow = typeof providerAccounts.$inferSelect;

const FIELD_KEYS: readonly ProviderFieldKey[] = ['keyId', 'keySecret', 'webhookSecret', 'apiBase'];

/** A field's value as the server uses it: the environment's over the saved one. */
const valueOf = (provider: Provider, key: ProviderFieldKey, row: AccountRow | undefined, env: ProviderEnv) =>
  env[provider]?.[key] ?? row?.[key] ?? null;

export const presentProvider = (provider: Provider, row: AccountRow | undefined, env: ProviderEnv): ProviderView => {
  const fields = PROVIDER_FIELDS[provider].map((f) => {
    const value = valueOf(provider, f.key, row, env);
    return {
      key: f.key,
      label: f.label,
      secret: f.secret,
      required: f.required,
      value: f.secret ? null : value,
      masked: f.secret ? maskSecret(value) : null,
      fromEnv: env[provider]?.[f.key] !== undefined,
    };
  });
  return {
    provider,
    label: PROVIDER_LABEL[provider],
    enabled: row?.enabled ?? true,
    configured: PROVIDER_FIELDS[provider].every((f) => !f.required || Boolean(valueOf(provider, f.key, row, env))),
    fields,
  };
};

export const listProviders = async (db: Db, env: ProviderEnv): Promise<ProviderView[]> => {
  const rows = await db.select().from(providerAccounts);
  return PROVIDERS.map((p) =>
    presentProvider(
      p,
      rows.find((r) => r.provider === p),
      env,
    ),
  );
};

/** Printable characters without spaces: what keys, ids and secrets are made of. */
const TOKEN = /^[\x21-\x7e]+$/;

/** An http(s) base URL without credentials, query or fragment; kept without a trailing slash. */
const apiBaseOf = (value: string, label: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`${label} must be an http(s) URL, like https://api.example.com`, 'apiBase');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw badRequest(`${label} must be an http(s) URL, like https://api.example.com`, 'apiBase');
  if (url.username || url.password || url.search || url.hash)
    throw badRequest(`${label} must not hold credentials, a query or a fragment`, 'apiBase');
  return value.replace(/\/+$/, '');
};

/**
 * The fields a request sets, checked before anything is read or saved: each must belong to the
 * provider and not be set by the environment (a non-secret field sent back with the
 * environment's own value changes nothing and passes). Empty text clears a field.
 */
const checkedFields = (provider: Provider, input: ProviderUpdate, env: ProviderEnv) => {
  const own = env[provider] ?? {};
  const set: Partial<Record<ProviderFieldKey, string | null>> = {};
  for (const key of FIELD_KEYS) {
    const sent = input[key];
    if (sent === undefined) continue;
    const field = PROVIDER_FIELDS[provider].find((f) => f.key === key);
    if (!field) throw badRequest(`${PROVIDER_LABEL[provider]} has no ${key} setting.`, key);
    const value = sent.trim();
    if (own[key] !== undefined) {
      if (!field.secret && value === own[key]) continue;
      throw badRequest(
        `${field.label} is set by the environment variable ${field.env}: it cannot be changed here.`,
        key,
      );
    }
    if (value === '') set[key] = null;
    else if (key === 'apiBase') set[key] = apiBaseOf(value, field.label);
    else if (!TOKEN.test(value)) throw badRequest(`${field.label} must not contain spaces or control characters`, key);
    else set[key] = value;
  }
  return set;
};

/** What the audit log keeps of an account: never a secret's value, only whether it holds one. */
const audited = (row: AccountRow | undefined) => ({
  enabled: row?.enabled ?? true,
  keyId: row?.keyId ?? null,
  apiBase: row?.apiBase ?? null,
  filled: (['keySecret', 'webhookSecret'] as const).filter((k) => Boolean(row?.[k])),
});

/**
 * ADMIN saves a provider's account (the route asks for a password confirmation). Omitted fields stay, empty ones are
 * cleared. The row is locked while it changes; the audit record names the fields that changed
 * and the non-secret values, never a secret.
 */
export const updateProvider = async (
  db: Db,
  env: ProviderEnv,
  user: SessionUser,
  provider: Provider,
  input: ProviderUpdate,
  ip?: string,
): Promise<ProviderView> => {
  const set = checkedFields(provider, input, env);
  return db.transaction(async (tx) => {
    // The row exists before it is locked, so two saves of a new provider queue on it.
    await tx.insert(providerAccounts).values({ provider }).onConflictDoNothing();
    const [before] = await tx
      .select()
      .from(providerAccounts)
      .where(eq(providerAccounts.provider, provider))
      .for('update');
    const changed = [
      ...(input.enabled !== undefined && input.enabled !== before.enabled ? ['enabled'] : []),
      ...(Object.keys(set) as ProviderFieldKey[]).filter((k) => set[k] !== before[k]),
    ];
    if (changed.length === 0) return presentProvider(provider, before, env);
    const [after] = await tx
      .update(providerAccounts)
      .set({ ...set, enabled: input.enabled ?? before.enabled, updatedBy: user.id, updatedAt: sql`now()` })
      .where(eq(providerAccounts.provider, provider))
      .returning();
    await audit(
      tx,
      { ...user, ip },
      {
        action: 'update',
        entity: 'providers',
        entityId: provider,
        before: audited(before),
        after: { ...audited(after), changed },
      },
    );
    return presentProvider(provider, after, env);
  });
};
