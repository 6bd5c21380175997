import type { vendorMessages } from './messages';

/** /app/vendor in Hindi. */
export const vendorMessagesHi: typeof vendorMessages = {
  name: 'वेंडर |||| वेंडर',
  notifications: { created: 'वेंडर बनाया गया', updated: 'वेंडर सहेजा गया' },
  fields: {
    code: 'कोड',
    name: 'नाम',
    payinCommissionPercent: 'पे-इन कमीशन %',
    payoutCommissionPercent: 'पे-आउट कमीशन %',
    balance: 'बैलेंस',
    unmatched: 'बिना मिलान की एंट्रियाँ',
    enabled: 'सक्रिय',
    createdBy: 'बनाने वाले',
    createdAt: 'बनाने का समय (IST)',
    updatedAt: 'बदलाव का समय (IST)',
  },
  position: {
    owes: '%{code} पर गेटवे का %{amount} बकाया है',
    owed: 'गेटवे पर %{code} का %{amount} बकाया है',
    settled: 'हिसाब बराबर',
  },
  empty: {
    title: 'अभी कोई वेंडर नहीं',
    text: 'वेंडर वे बैंक खाते देते हैं जिनमें ग्राहक भुगतान करते हैं, और पे-आउट करते हैं।',
    filtered_title: 'इन फ़िल्टर से कोई वेंडर मेल नहीं खाता',
    filtered_text: 'और देखने के लिए फ़िल्टर बदलें या हटाएँ।',
  },
};
