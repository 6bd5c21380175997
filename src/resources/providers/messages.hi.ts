import type { providerMessages } from './messages';

/** /app/providers in Hindi. */
export const providerMessagesHi: typeof providerMessages = {
  name: 'भुगतान प्रदाता |||| भुगतान प्रदाता',
  intro:
    'ग्राहक मैन्युअल ट्रांसफ़र के बजाय इन प्रदाताओं के ज़रिए पे-इन का भुगतान कर सकते हैं। कोई प्रदाता सक्रिय और कॉन्फ़िगर होने पर ही दिया जाता है।',
  fields: { enabled: 'सक्रिय' },
  status: {
    enabled: 'सक्रिय',
    disabled: 'निष्क्रिय',
    configured: 'कॉन्फ़िगर किया हुआ',
    not_configured: 'कॉन्फ़िगर नहीं',
  },
  not_set: 'सेट नहीं',
  from_env: 'एनवायरनमेंट द्वारा सेट',
  clear: 'साफ़ करें',
  hints: {
    from_env: 'सर्वर के एनवायरनमेंट वेरिएबल से सेट: इसे यहाँ बदला नहीं जा सकता।',
    optional: 'वैकल्पिक: खाली होने पर प्रदाता का डिफ़ॉल्ट उपयोग होता है।',
    secret_kept: 'मौजूदा सीक्रेट रखने के लिए खाली छोड़ें',
    secret_unset: 'अभी सेट नहीं।',
  },
  edit_title: '%{provider} बदलें',
  nothing_changed: 'सहेजने के लिए कुछ नहीं: कोई फ़ील्ड नहीं बदली गई।',
  confirm: '%{provider} खाते की सेटिंग बदल जाएँगी।',
  saved: '%{provider} सहेजा गया',
};
