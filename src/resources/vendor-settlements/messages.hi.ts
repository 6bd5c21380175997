import { settlementMessagesHi } from '../settlements/messages.hi';
import type { vendorSettlementMessages } from './messages';

/** The Vendor Settlements screen in Hindi, built on Settlements'. */
export const vendorSettlementMessagesHi: typeof vendorSettlementMessages = {
  ...settlementMessagesHi,
  name: 'वेंडर सेटलमेंट |||| वेंडर सेटलमेंट',
  fields: { ...settlementMessagesHi.fields, vendorCode: 'वेंडर', bankNickname: 'प्राप्तकर्ता बैंक' },
  filters: { ...settlementMessagesHi.filters, vendorCode: 'वेंडर' },
  balance: {
    label: 'किसका किस पर बकाया',
    vendor_owes: '%{vendor} पर गेटवे का %{amount} बकाया है',
    gateway_owes: 'गेटवे पर %{vendor} का %{amount} बकाया है',
    settled: '%{vendor} का हिसाब बराबर है',
    unmatched: 'बिना मिलान के क्रेडिट %{amount}',
    first: 'फ़िल्टर के पहले %{count} वेंडर के बैलेंस।',
    error: 'किसका किस पर बकाया है, पढ़ा नहीं जा सका।',
  },
  create: {
    ...settlementMessagesHi.create,
    vendorCode: 'वेंडर',
    utr: 'UTR संख्या',
    utr_help: 'जिस खाते में पैसा गया, उस पर ठीक इसी राशि की अप्रयुक्त बैंक एंट्री का UTR',
    done: 'सेटलमेंट "शुरू किया गया" के रूप में जोड़ा गया।',
    done_internal: 'आंतरिक ट्रांसफ़र "सफल" के रूप में दर्ज; इसकी बैंक एंट्री प्रयुक्त हो गई।',
  },
  empty: {
    title: 'दिखाने के लिए कोई वेंडर सेटलमेंट नहीं',
    text: 'स्टाफ़ द्वारा जोड़े जाने पर वेंडर के साथ सेटलमेंट यहाँ दिखते हैं।',
    filtered_title: 'इन फ़िल्टर से कोई वेंडर सेटलमेंट मेल नहीं खाता',
    filtered_text: 'और देखने के लिए फ़िल्टर बदलें या हटाएँ।',
  },
};
