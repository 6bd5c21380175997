import type { ProviderAccount, ProviderFieldKey, ProviderUpdate } from './types';

/** What the edit form holds: each field's text, and for a secret whether to clear it. */
export interface ProviderForm {
  enabled: boolean;
  values: Partial<Record<ProviderFieldKey, string>>;
  clear: Partial<Record<ProviderFieldKey, boolean>>;
}

/** A secret's input starts empty (it is write-only); other fields start with their value. */
export const formOf = (account: ProviderAccount): ProviderForm => ({
  enabled: account.enabled,
  values: Object.fromEntries(account.fields.map((f) => [f.key, f.secret ? '' : (f.value ?? '')])),
  clear: {},
});

/**
 * The body of the save without the password: only what changed. An empty secret is left
 * unchanged unless it is to be cleared; fields set by the environment are never sent.
 */
export const changesOf = (account: ProviderAccount, form: ProviderForm): ProviderUpdate => {
  const body: ProviderUpdate = {};
  if (form.enabled !== account.enabled) body.enabled = form.enabled;
  for (const field of account.fields) {
    if (field.fromEnv) continue;
    const text = (form.values[field.key] ?? '').trim();
    if (field.secret) {
      if (form.clear[field.key]) body[field.key] = '';
      else if (text !== '') body[field.key] = text;
    } else if (text !== (field.value ?? '')) body[field.key] = text;
  }
  return body;
};
