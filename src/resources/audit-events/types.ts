/** One recorded change: who did what to which record, with the record before and after (secrets redacted). */
export interface AuditEvent {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** What the server records, for the filters. */
export const AUDIT_ENTITIES = ['merchants', 'vendors', 'bank-accounts', 'users', 'merchant-applications'] as const;
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
] as const;
