import type { searchMessages } from './messages';

/** Global search and the keyboard, in Hindi. */
export const searchMessagesHi: typeof searchMessages = {
  search: {
    label: 'खोजें',
    placeholder: 'UTR, ऑर्डर आईडी, कोड… ( / )',
    results: 'खोज के परिणाम',
    too_short: 'कम से कम %{count} अक्षर टाइप करें।',
    none: '"%{q}" के लिए कुछ नहीं मिला।',
    skip: 'सामग्री पर जाएँ',
    shortcuts: 'कीबोर्ड शॉर्टकट',
    keys: { search: 'खोजें', help: 'शॉर्टकट की यह सूची', close: 'डायलॉग, मेनू या परिणाम बंद करें' },
    kinds: {
      payins: 'जमा',
      payouts: 'निकासी',
      'bank-entries': 'बैंक एंट्री',
      settlements: 'सेटलमेंट',
      liens: 'चार्जबैक',
    },
    matched: {
      utr: 'UTR',
      order: 'ऑर्डर आईडी',
      code: 'कोड',
      customer: 'ग्राहक',
      account: 'खाता',
      id: 'आईडी',
    },
  },
};
