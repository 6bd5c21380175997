/** The English messages of /app/audit-events (`resources.audit-events.*` in the catalogue). */
export const auditEventMessages = {
  name: 'Audit Event |||| Audit Log',
  fields: {
    at: 'At (IST)',
    actorName: 'User',
    actorRole: 'Role',
    action: 'Action',
    entity: 'Entity',
    entityId: 'Record',
    ip: 'IP',
    from: 'From',
    to: 'To',
    before: 'Before',
    after: 'After',
  },
};
