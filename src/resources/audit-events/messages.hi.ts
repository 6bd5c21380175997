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
  empty: {
    title: 'अभी कुछ दर्ज नहीं है',
    text: 'कंसोल में किया गया हर बदलाव यहाँ दर्ज होता है: किसने, कब, और रिकॉर्ड पहले और बाद में।',
    filtered_title: 'कोई घटना मेल नहीं खाती',
    filtered_text: 'इन फ़िल्टरों से कोई बदलाव मेल नहीं खाता। इन्हें बदलें या हटाएँ।',
  },
};
