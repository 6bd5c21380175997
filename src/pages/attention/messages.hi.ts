import type { attentionMessages } from './messages';

/** What needs attention, in Hindi. */
export const attentionMessagesHi: typeof attentionMessages = {
  attention: {
    title: 'ध्यान देने योग्य',
    bell: 'ध्यान देने योग्य: %{smart_count} मद |||| ध्यान देने योग्य: %{smart_count} मद',
    none: 'अभी किसी चीज़ पर ध्यान देने की ज़रूरत नहीं है।',
    error: 'ध्यान देने योग्य चीज़ें पढ़ी नहीं जा सकीं।',
    more: '%{count}+',
    items: {
      pending_long: '%{minutes} मिनट से अधिक लंबित',
      img_pending: 'पढ़ने के लिए स्क्रीनशॉट (स्क्रीनशॉट लंबित)',
      dispute: 'विवाद',
      duplicate: 'डुप्लिकेट',
      payouts_awaiting_checker: 'मेरी स्वीकृति की प्रतीक्षा में',
      unused_credits: 'एक घंटे से अधिक समय से अप्रयुक्त बैंक क्रेडिट',
      callbacks_failing: 'विफल हो रहे कॉलबैक',
    },
  },
};
