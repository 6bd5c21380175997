import type { liveMessages } from './messages';

/** The Hindi messages of the Live switch. */
export const liveMessagesHi: typeof liveMessages = {
  live: 'लाइव',
  paused: 'रुका हुआ',
  hint_open: 'नई पंक्तियाँ आते ही दिखती हैं। सूची को स्थिर रखकर पढ़ने के लिए रोकें।',
  hint_paused: 'रुका हुआ: सूची केवल रीफ़्रेश करने पर बदलती है।',
  hint_connecting: 'लाइव अपडेट से जुड़ रहा है…',
  hint_retrying: 'लाइव अपडेट रुक गए; फिर से जुड़ रहा है…',
  hint_refused: 'इस सत्र के लिए लाइव अपडेट उपलब्ध नहीं हैं।',
};
