import type { ApiResource } from './access';

/** Every action the audit log records: the writer's type, the API's filter and the dashboard's choices. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'enable',
  'disable',
  'rotate',
  'link',
  'unlink',
  'approve',
  'reject',
  'sign-in',
  'sign-in-override',
  'sign-out',
  'change-password',
  'request-password-reset',
  'reset-password',
  'wrong-password',
  'enrol-two-factor',
  'disable-two-factor',
  'use-recovery-code',
  // Money: a pay-in's steps and the corrections staff make.
  'assign',
  'submit-utr',
  'submit-screenshot',
  'match',
  'expire',
  'confirm',
  'reopen',
  'enter-utr',
  'reset',
  'resend-callback',
  'import',
  // Pay-outs: their steps, and a maker's request waiting for its checker.
  'drop',
  'reverse',
  'request-approval',
  /** A checker turned the maker's request down, with a remark; nothing else changed. */
  'decline-approval',
  /** A pay-out handed to a provider (Eko), whose answer then completes or fails it. */
  'send-to-provider',
  // Issue 14: a pay-in handed to a payment provider, and what its signed webhook said.
  'provider-intent',
  'provider-capture',
  'provider-fail',
  /** A webhook event applied again by ADMIN from the event log. */
  'replay',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The records an event is about, named as their API resources. */
export const AUDIT_ENTITIES = [
  'merchants',
  'vendors',
  'bank-accounts',
  'users',
  'merchant-applications',
  'payins',
  'bank-entries',
  'payouts',
  'settlements',
  'vendor-settlements',
  'liens',
  /** Issue 14: a payment provider's account, set by ADMIN (which fields changed, never their values). */
  'providers',
  /** Issue 14: a provider's webhook, replayed by ADMIN from the event log. */
  'provider-events',
] as const satisfies readonly ApiResource[];
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
