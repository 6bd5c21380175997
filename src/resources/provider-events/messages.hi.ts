import type { providerEventMessages } from './messages';

/** /app/provider-events in Hindi. */
export const providerEventMessagesHi: typeof providerEventMessages = {
  name: 'प्रदाता घटना |||| प्रदाता घटनाएँ',
  fields: {
    provider: 'प्रदाता',
    eventId: 'घटना आईडी',
    eventType: 'घटना',
    verified: 'सत्यापित',
    outcome: 'नतीजा',
    detail: 'विवरण',
    payinId: 'पे-इन आईडी',
    paymentId: 'भुगतान आईडी',
    attempts: 'प्रयास',
    receivedAt: 'प्राप्ति का समय (IST)',
    appliedAt: 'लागू होने का समय (IST)',
    body: 'बॉडी',
    headers: 'हेडर',
  },
  outcomes: {
    applied: 'लागू',
    duplicate: 'डुप्लिकेट',
    ignored: 'अनदेखा',
    rejected: 'अस्वीकृत',
    failed: 'विफल',
  },
  verified: { true: 'सत्यापित', false: 'सत्यापित नहीं' },
  empty: {
    title: 'अभी तक कोई वेबहुक प्राप्त नहीं हुआ',
    text: 'भुगतान प्रदाता द्वारा गेटवे को भेजा गया हर अनुरोध यहाँ रखा जाता है, सत्यापित हो या नहीं।',
    filtered_title: 'कोई घटना मेल नहीं खाती',
    filtered_text: 'इन फ़िल्टर से कोई वेबहुक मेल नहीं खाता। इन्हें बदलें या हटाएँ।',
  },
  replay: {
    action: 'दोबारा चलाएँ',
    title: 'यह घटना दोबारा चलाएँ?',
    content: 'घटना एक बार फिर अपने पे-इन पर लागू होती है, मानो प्रदाता ने इसे अभी भेजा हो।',
    done: 'दोबारा चलाया गया: %{outcome}।',
  },
};
