import type { TranslationMessages } from 'react-admin';
import { accountMessagesHi } from '../account/messages.hi';
import { approvalMessagesHi } from '../pages/approvals/messages.hi';
import { attentionMessagesHi } from '../pages/attention/messages.hi';
import { searchMessagesHi } from '../pages/search/messages.hi';
import { applicationMessagesHi } from '../resources/merchant-applications/messages.hi';
import { auditEventMessagesHi } from '../resources/audit-events/messages.hi';
import { bankAccountMessagesHi } from '../resources/bank-accounts/messages.hi';
import { bankEntryMessagesHi } from '../resources/bank-entries/messages.hi';
import { dashboardMessagesHi } from '../pages/dashboard/messages.hi';
import { lienMessagesHi } from '../resources/liens/messages.hi';
import { liveMessagesHi } from '../live/messages.hi';
import { merchantMessagesHi } from '../resources/merchants/messages.hi';
import { payinMessagesHi } from '../resources/payins/messages.hi';
import { payoutMessagesHi } from '../resources/payouts/messages.hi';
import { providerEventMessagesHi } from '../resources/provider-events/messages.hi';
import { providerMessagesHi } from '../resources/providers/messages.hi';
import { reportMessagesHi } from '../pages/reports/messages.hi';
import { settlementMessagesHi } from '../resources/settlements/messages.hi';
import { userMessagesHi } from '../resources/users/messages.hi';
import { vendorSettlementMessagesHi } from '../resources/vendor-settlements/messages.hi';
import { vendorMessagesHi } from '../resources/vendors/messages.hi';
import type { appMessages } from './en';
import { actionMessagesHi, entityMessagesHi } from './codes.hi';
import { raMessagesHi } from './ra.hi';
import { statusMessagesHi } from './statuses.hi';

/** The dashboard's Hindi messages, key for key the English ones (the type checks it); loaded on first use. */
export const appMessagesHi: typeof appMessages = {
  app: {
    name: 'पेमेंट-गेटवे',
    ...accountMessagesHi,
    ...approvalMessagesHi,
    ...attentionMessagesHi,
    ...searchMessagesHi,
    ...dashboardMessagesHi,
    ...reportMessagesHi,
    loading: 'लोड हो रहा है…',
    list_error: { title: 'यह सूची लोड नहीं हो सकी।', retry: 'फिर से प्रयास करें' },
    day_input: { format: 'तारीख dd/mm/yyyy के रूप में लिखें', pick: 'तारीख चुनें' },
    filters: { open: 'फ़िल्टर', title: 'फ़िल्टर', clear: 'सब हटाएँ', show: 'परिणाम दिखाएँ' },
    cards: { age: '%{age} पहले', open: 'खोलें' },
    home: 'होम',
    status: statusMessagesHi,
    actions: actionMessagesHi,
    entities: entityMessagesHi,
    page_title_in_group: '%{group}: %{item}',
    menu: {
      label: 'मुख्य मेनू',
      groups: {
        Deposit: 'जमा',
        Withdrawals: 'निकासी',
        Settlements: 'सेटलमेंट',
        'Vendor Settlements': 'वेंडर सेटलमेंट',
        User: 'उपयोगकर्ता',
        Reports: 'रिपोर्ट',
        Admin: 'एडमिन',
      },
      items: {
        dashboard: 'डैशबोर्ड',
        vendor_board: 'वेंडर बोर्ड',
        add_data: 'डेटा जोड़ें',
        deposit_progress: 'प्रगति में',
        deposit_completed: 'पूर्ण',
        deposit_dropped: 'रद्द',
        deposit_all: 'सभी',
        withdrawal_progress: 'प्रगति में',
        withdrawal_completed: 'पूर्ण',
        withdrawal_all: 'सभी',
        settlements: 'खाते',
        vendorsettlements: 'खाते',
        lien: 'चार्जबैक',
        merchant: 'मर्चेंट',
        bank_accounts: 'बैंक खाते',
        vendor: 'वेंडर',
        user: 'भूमिकाएँ',
        payin: 'पे-इन',
        vendorpayin: 'वेंडर पे-इन',
        payout: 'पे-आउट',
        vendorpayout: 'वेंडर पे-आउट',
        report: 'खाते',
        vendorreport: 'वेंडर खाते',
        providers: 'भुगतान प्रदाता',
        provider_events: 'प्रदाता घटनाएँ',
        audit_events: 'ऑडिट लॉग',
      },
    },
    roles: {
      ADMIN: 'एडमिन',
      TRANSACTIONS: 'लेन-देन',
      OPERATIONS: 'संचालन',
      MERCHANT: 'मर्चेंट',
      MERCHANT_ADMIN: 'मर्चेंट एडमिन',
      MERCHANT_OPERATIONS: 'मर्चेंट संचालन',
      VENDOR: 'वेंडर',
      VENDOR_OPERATIONS: 'वेंडर संचालन',
    },
    topbar: {
      toggle_menu: 'मेनू दिखाएँ/छिपाएँ',
      logout: 'लॉगआउट',
      language: 'भाषा: %{name}',
      account: 'खाता: %{name}, %{role}',
      dark_theme: 'डार्क थीम',
      light_theme: 'लाइट थीम',
    },
    toast: {
      region: 'सूचनाएँ',
      success: 'सफल',
      error: 'त्रुटि',
      info: 'जानकारी',
      warning: 'चेतावनी',
      dismiss: 'हटाएँ',
    },
    screens: {
      merchant_applications: 'मर्चेंट आवेदन',
      audit_events: 'ऑडिट लॉग',
      providers: 'भुगतान प्रदाता',
      provider_events: 'प्रदाता घटनाएँ',
      approvals: 'मेरी स्वीकृति की प्रतीक्षा में',
    },
    confirm: {
      title: 'अपने पासवर्ड से पुष्टि करें',
      intro: 'यह कार्रवाई संवेदनशील है। आगे बढ़ने के लिए अपना पासवर्ड फिर से डालें।',
      password: 'पासवर्ड',
      submit: 'पुष्टि करें',
      cancel: 'रद्द करें',
    },
    export: {
      label: 'एक्सपोर्ट',
    },
    live: liveMessagesHi,
    audit: {
      history: 'इतिहास',
      none: 'इस रिकॉर्ड में अभी तक कोई बदलाव दर्ज नहीं है।',
      see_all: 'सभी %{total} बदलाव देखें',
      at: 'समय (IST)',
      user: 'उपयोगकर्ता',
      role: 'भूमिका',
      action: 'कार्रवाई',
      changes: 'बदलाव',
      more: 'और %{count} और',
    },
    errors: {
      unexpected: 'ऐप्लिकेशन में अनपेक्षित त्रुटि!',
      reload: 'फिर से लोड करें',
      go_home: 'होम पर जाएँ',
      not_found: 'पेज नहीं मिला',
      not_found_hint: 'इस पते पर कोई पेज नहीं है।',
      access_denied: 'पहुँच अस्वीकृत',
      access_denied_hint: 'आपकी भूमिका यह स्क्रीन उपयोग नहीं कर सकती। ज़रूरत हो तो किसी एडमिन से पूछें।',
      session_ended: 'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',
    },
    login: {
      title: 'साइन इन',
      subtitle: 'पेमेंट-गेटवे कंसोल',
      user_name: 'उपयोगकर्ता नाम',
      password: 'पासवर्ड',
      submit: 'लॉगिन',
      forgot: 'पासवर्ड भूल गए?',
      apply: 'मर्चेंट के रूप में आवेदन करें',
      failed: 'साइन-इन विफल',
      elsewhere_title: 'कहीं और साइन इन है',
      continue: 'जारी रखें',
      cancel: 'रद्द करें',
      show_password: 'पासवर्ड दिखाएँ',
      hide_password: 'पासवर्ड छिपाएँ',
    },
    forgot: {
      title: 'पासवर्ड भूल गए',
      intro: 'अपना उपयोगकर्ता नाम डालें। खाता मौजूद होने पर पासवर्ड रीसेट करने का लिंक उसके मालिक को भेजा जाता है।',
      submit: 'रीसेट लिंक भेजें',
      sent: 'रीसेट लिंक का अनुरोध किया गया',
      back: 'साइन-इन पर वापस जाएँ',
    },
    reset: {
      title: 'पासवर्ड रीसेट करें',
      intro: 'अपने खाते के लिए नया पासवर्ड चुनें।',
      new_password: 'नया पासवर्ड',
      confirm_password: 'पासवर्ड की पुष्टि करें',
      mismatch: 'दोनों पासवर्ड मेल नहीं खाते।',
      submit: 'पासवर्ड बदलें',
      done: 'पासवर्ड बदला गया',
      missing_token: 'यह रीसेट लिंक अधूरा है। कृपया नया लिंक माँगें।',
      ask_again: 'नया लिंक माँगें',
    },
    onboarding: {
      title: 'मर्चेंट के रूप में आवेदन करें',
      intro: 'हमें अपने व्यवसाय के बारे में बताएँ। हर आवेदन की समीक्षा एक एडमिन करता है।',
      business_name: 'व्यवसाय का नाम',
      contact_name: 'संपर्क व्यक्ति का नाम',
      email: 'ईमेल',
      phone: 'फ़ोन',
      website: 'वेबसाइट',
      volume: 'अनुमानित मासिक वॉल्यूम (₹)',
      submit: 'आवेदन जमा करें',
      done: 'आवेदन प्राप्त हुआ',
      done_message: 'धन्यवाद। हम आपके आवेदन की समीक्षा करके %{email} पर उत्तर देंगे।',
      invalid_email: 'मान्य ईमेल पता डालें।',
      invalid_phone: '10 अंकों का भारतीय मोबाइल नंबर डालें।',
      invalid_website: 'http:// या https:// से शुरू होने वाला वेब पता डालें।',
      invalid_volume: '₹0 से अधिक राशि डालें, अधिकतम दो दशमलव तक।',
    },
  },
  resources: {
    merchant: merchantMessagesHi,
    'merchant-applications': applicationMessagesHi,
    'audit-events': auditEventMessagesHi,
    providers: providerMessagesHi,
    'provider-events': providerEventMessagesHi,
    vendor: vendorMessagesHi,
    'bank-accounts': bankAccountMessagesHi,
    payins: payinMessagesHi,
    payouts: payoutMessagesHi,
    settlements: settlementMessagesHi,
    vendorsettlements: vendorSettlementMessagesHi,
    lien: lienMessagesHi,
    'add-data': bankEntryMessagesHi,
    user: userMessagesHi,
  },
};

export const hi: TranslationMessages = { ...raMessagesHi, ...appMessagesHi };
