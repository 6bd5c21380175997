import type { userMessages } from './messages';

/** /app/user in Hindi. */
export const userMessagesHi: typeof userMessages = {
  name: 'उपयोगकर्ता |||| उपयोगकर्ता',
  notifications: { created: 'उपयोगकर्ता बनाया गया', updated: 'उपयोगकर्ता सहेजा गया' },
  confirm_access: 'इससे बदलता है कि उपयोगकर्ता क्या देख और कर सकता है (भूमिका या कोड)।',
  fields: {
    fullName: 'पूरा नाम',
    userName: 'उपयोगकर्ता नाम',
    password: 'पासवर्ड',
    role: 'भूमिका',
    roleLabel: 'भूमिका',
    merchantCodes: 'मर्चेंट कोड',
    vendorCode: 'वेंडर कोड',
    enabled: 'सक्रिय',
    lastLoginAt: 'अंतिम लॉगिन (IST)',
    createdAt: 'बनाने का समय (IST)',
    q: 'नाम',
  },
  empty: {
    title: 'अभी कोई उपयोगकर्ता नहीं',
    text: 'इस कंसोल में साइन इन करने वाले लोगों को जोड़ें, हर एक को उसकी ज़रूरत की भूमिका के साथ।',
    filtered_title: 'इन फ़िल्टर से कोई उपयोगकर्ता मेल नहीं खाता',
    filtered_text: 'और देखने के लिए फ़िल्टर बदलें या हटाएँ।',
  },
  hidden_merchants: '+%{smart_count} अन्य मर्चेंट |||| +%{smart_count} अन्य मर्चेंट',
  password_help: 'कम से कम 12 अक्षर, जिनमें एक अक्षर और एक अंक हो। उपयोगकर्ता को पहले साइन-इन पर इसे बदलना होगा।',
  reset: {
    action: 'पासवर्ड रीसेट करें',
    title: '%{name} के लिए नया पासवर्ड सेट करें',
    intro: 'उपयोगकर्ता हर जगह से साइन आउट हो जाता है और नए पासवर्ड से साइन इन करता है।',
    password: 'नया पासवर्ड',
    submit: 'पासवर्ड सेट करें',
    cancel: 'रद्द करें',
    done: 'पासवर्ड बदला गया',
  },
};
