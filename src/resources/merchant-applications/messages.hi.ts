import type { applicationMessages } from './messages';

/** /app/merchant-applications in Hindi. */
export const applicationMessagesHi: typeof applicationMessages = {
  name: 'मर्चेंट आवेदन |||| मर्चेंट आवेदन',
  search: 'व्यवसाय या ईमेल',
  all_statuses: 'सभी',
  open_merchant: 'मर्चेंट खोलें',
  fields: {
    businessName: 'व्यवसाय का नाम',
    contactName: 'संपर्क',
    email: 'ईमेल',
    phone: 'फ़ोन',
    website: 'वेबसाइट',
    expectedMonthlyVolume: 'अनुमानित मासिक वॉल्यूम',
    status: 'स्थिति',
    reason: 'कारण',
    merchantId: 'मर्चेंट',
    reviewedAt: 'समीक्षा का समय (IST)',
    createdAt: 'प्राप्ति का समय (IST)',
  },
  actions: { approve: 'स्वीकृत करें', reject: 'अस्वीकार करें' },
  approve: {
    title: '%{name} को स्वीकृत करें',
    fields: {
      code: 'मर्चेंट कोड',
      userName: 'उपयोगकर्ता नाम',
      password: 'शुरुआती पासवर्ड',
      minPayin: 'न्यूनतम पे-इन',
      maxPayin: 'अधिकतम पे-इन',
      payinFeePercent: 'पे-इन शुल्क %',
      minPayout: 'न्यूनतम पे-आउट',
      maxPayout: 'अधिकतम पे-आउट',
      payoutFeePercent: 'पे-आउट शुल्क %',
      testMode: 'टेस्ट मोड',
    },
  },
  reject: { title: '%{name} को अस्वीकार करें' },
  done: {
    approved: 'मर्चेंट %{code} बनाया गया; इसका उपयोगकर्ता %{userName} साइन इन कर सकता है।',
    rejected: '%{name} का आवेदन अस्वीकार किया गया',
  },
  empty: {
    title: 'अभी कोई आवेदन नहीं',
    text: 'ऑन-बोर्डिंग फ़ॉर्म से आवेदन करने वाले व्यवसाय समीक्षा के लिए यहाँ दिखते हैं।',
    filtered_title: 'कोई आवेदन मेल नहीं खाता',
    filtered_text: 'इन फ़िल्टरों से कोई आवेदन मेल नहीं खाता। इन्हें बदलें या हटाएँ।',
  },
};
