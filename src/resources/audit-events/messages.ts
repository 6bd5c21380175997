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
  empty: {
    title: 'Nothing recorded yet',
    text: 'Every change made in the console is recorded here: who, when, and the record before and after.',
    filtered_title: 'No event matches',
    filtered_text: 'No recorded change matches these filters. Change or clear them.',
  },
};
