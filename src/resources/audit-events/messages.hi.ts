import type { auditEventMessages } from './messages';

/** /app/audit-events in Hindi. */
export const auditEventMessagesHi: typeof auditEventMessages = {
  name: 'ऑडिट घटना |||| ऑडिट लॉग',
  fields: {
    at: 'समय (IST)',
    actorName: 'उपयोगकर्ता',
    actorRole: 'भूमिका',
    action: 'कार्रवाई',
    entity: 'इकाई',
    entityId: 'रिकॉर्ड',
    ip: 'IP',
    from: 'से',
    to: 'तक',
    before: 'पहले',
    after: 'बाद में',
  },
};
