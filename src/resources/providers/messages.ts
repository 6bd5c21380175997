/** The English messages of /app/providers (`resources.providers.*` in the catalogue). */
export const providerMessages = {
  name: 'Payment Provider |||| Payment Providers',
  intro:
    'Customers may pay a pay-in through these providers instead of a manual transfer. A provider is offered once it is enabled and configured.',
  fields: { enabled: 'Enabled' },
  status: {
    enabled: 'Enabled',
    disabled: 'Disabled',
    configured: 'Configured',
    not_configured: 'Not configured',
  },
  not_set: 'Not set',
  from_env: 'Set by the environment',
  clear: 'Clear',
  hints: {
    from_env: 'Set by an environment variable of the server: it cannot be changed here.',
    optional: "Optional: empty uses the provider's default.",
    secret_kept: 'Leave empty to keep the current secret',
    secret_unset: 'Not set yet.',
  },
  edit_title: 'Edit %{provider}',
  nothing_changed: 'Nothing to save: no field was changed.',
  confirm: "The %{provider} account's settings will change.",
  saved: '%{provider} saved',
};
