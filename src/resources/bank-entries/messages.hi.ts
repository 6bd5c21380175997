import type { bankEntryMessages } from './messages';

/** /app/add-data in Hindi. */
export const bankEntryMessagesHi: typeof bankEntryMessages = {
  name: 'बैंक एंट्री |||| बैंक एंट्रियाँ',
  fields: {
    bankAccountId: 'बैंक',
    bankNickname: 'बैंक',
    amount: 'राशि',
    amountCode: 'राशि कोड',
    utr: 'UTR',
    source: 'स्रोत',
    used: 'प्रयुक्त/अप्रयुक्त',
    payinId: 'पे-इन',
    createdBy: 'जोड़ने वाले',
    createdAt: 'बनाने का समय (IST)',
    from: 'से (IST)',
    to: 'तक (IST)',
    staleMinutes: 'कम से कम इतने मिनट पहले जोड़ा गया',
    file: 'बैंक स्टेटमेंट (CSV)',
  },
  columns: { amount: 'राशि (₹)' },
  used: { Used: 'प्रयुक्त', UnUsed: 'अप्रयुक्त', InternalTransfer: 'आंतरिक ट्रांसफ़र' },
  all: 'सभी',
  add: {
    title: 'डेटा जोड़ें',
    submit: 'जोड़ें',
    amount_help: '₹1 से ₹5,00,000',
    amount_code_help: 'वैकल्पिक: ग्राहक द्वारा लिखा गया 5 अक्षरों का कोड',
    utr_help: '12 अंक; स्पेस हटा दिए जाते हैं',
    recorded: 'एंट्री दर्ज: UTR %{utr}, %{amount}। अभी तक किसी पे-इन ने इसे नहीं लिया है।',
    matched: 'एंट्री दर्ज: इससे पे-इन %{payin} का भुगतान हुआ, अब %{status}।',
  },
  import: {
    title: 'बैंक स्टेटमेंट अपलोड करें',
    help: 'हेडर utr,amount,date,code वाली CSV फ़ाइल, हर पंक्ति में एक क्रेडिट, उदाहरण:',
    example: '123456789012,1500.00,2026-01-31,AB3CD',
    help_more:
      'date IST दिन है (yyyy-mm-dd); code खाली हो सकता है। किसी भी गलत पंक्ति वाली फ़ाइल से कुछ दर्ज नहीं होता।',
    choose: 'CSV फ़ाइल चुनें',
    none_chosen: 'कोई फ़ाइल नहीं चुनी गई',
    submit: 'अपलोड करें',
    entries: '%{smart_count} एंट्री दर्ज |||| %{smart_count} एंट्रियाँ दर्ज',
    payins: '%{smart_count} पे-इन मिलान हुआ |||| %{smart_count} पे-इन मिलान हुए',
    invalid: 'कुछ भी दर्ज नहीं हुआ। ये पंक्तियाँ ठीक करें और फ़ाइल फिर से अपलोड करें।',
    line: 'पंक्ति',
    reason: 'कारण',
  },
  reset: {
    action: 'रीसेट',
    title: 'यह एंट्री रीसेट करें?',
    question:
      'UTR %{utr} (%{amount}) वाली एंट्री रीसेट करें? यह फिर से अप्रयुक्त हो जाएगी, और इससे भुगतान हुआ पे-इन (%{payin}) वापस लंबित हो जाएगा।',
    done: 'एंट्री रीसेट: यह फिर से अप्रयुक्त है।',
    asked: 'UTR %{utr} का आपका रीसेट दर्ज है: किसी दूसरे व्यक्ति को भी इसे रीसेट करना होगा।',
    waiting_checker: 'जाँचकर्ता की प्रतीक्षा में',
  },
  empty: {
    title: 'अभी कोई बैंक एंट्री नहीं',
    text: 'यहाँ जोड़े गए या बैंक स्टेटमेंट से अपलोड किए गए क्रेडिट इस सूची में दिखते हैं।',
    filtered_title: 'इन फ़िल्टर से कोई बैंक एंट्री मेल नहीं खाती',
    filtered_text: 'और देखने के लिए फ़िल्टर बदलें या हटाएँ।',
  },
};
