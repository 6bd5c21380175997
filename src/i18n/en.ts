import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { accountMessages } from '../account/messages';
import { approvalMessages } from '../pages/approvals/messages';
import { attentionMessages } from '../pages/attention/messages';
import { searchMessages } from '../pages/search/messages';
import { applicationMessages } from '../resources/merchant-applications/messages';
import { auditEventMessages } from '../resources/audit-events/messages';
import { bankAccountMessages } from '../resources/bank-accounts/messages';
import { bankEntryMessages } from '../resources/bank-entries/messages';
import { dashboardMessages } from '../pages/dashboard/messages';
import { lienMessages } from '../resources/liens/messages';
import { liveMessages } from '../live/messages';
import { APP_NAME, loginMessages } from '../pages/login/messages';
import { toastMessages } from '../notifications/messages';
import { merchantMessages } from '../resources/merchants/messages';
import { payinMessages } from '../resources/payins/messages';
import { payoutMessages } from '../resources/payouts/messages';
import { providerEventMessages } from '../resources/provider-events/messages';
import { providerMessages } from '../resources/providers/messages';
import { reportMessages } from '../pages/reports/messages';
import { settlementMessages } from '../resources/settlements/messages';
import { userMessages } from '../resources/users/messages';
import { vendorSettlementMessages } from '../resources/vendor-settlements/messages';
import { vendorMessages } from '../resources/vendors/messages';
import { actionMessages, entityMessages } from './codes';
import { statusMessages } from './statuses';

/**
 * The dashboard's own English messages: the app-wide ones here, each resource's from its folder;
 * react-admin's are merged under them (`ra.*`).
 */
export const appMessages = {
  app: {
    name: APP_NAME,
    ...accountMessages,
    ...approvalMessages,
    ...attentionMessages,
    ...searchMessages,
    ...dashboardMessages,
    ...reportMessages,
    loading: 'Loading…',
    list_error: { title: 'This list could not be loaded.', retry: 'Retry' },
    day_input: { format: 'Type the day as dd/mm/yyyy', pick: 'Choose a day' },
    filters: { open: 'Filters', title: 'Filters', clear: 'Clear all', show: 'Show results' },
    cards: { age: '%{age} ago', open: 'Open' },
    home: 'Home',
    status: statusMessages,
    actions: actionMessages,
    entities: entityMessages,
    page_title_in_group: '%{group}: %{item}',
    menu: {
      label: 'Main menu',
      groups: {
        Deposit: 'Deposit',
        Withdrawals: 'Withdrawals',
        Settlements: 'Settlements',
        'Vendor Settlements': 'Vendor Settlements',
        User: 'User',
        Reports: 'Reports',
        Admin: 'Admin',
      },
      items: {
        dashboard: 'Dashboard',
        vendor_board: 'Vendor Board',
        add_data: 'Add data',
        deposit_progress: 'In Progress',
        deposit_completed: 'Completed',
        deposit_dropped: 'Dropped',
        deposit_all: 'All',
        withdrawal_progress: 'In Progress',
        withdrawal_completed: 'Completed',
        withdrawal_all: 'All',
        settlements: 'Accounts',
        vendorsettlements: 'Accounts',
        lien: 'ChargeBack',
        merchant: 'Merchant',
        bank_accounts: 'Bank Accounts',
        vendor: 'Vendor',
        user: 'Roles',
        payin: 'Payins',
        vendorpayin: 'Vendor Payins',
        payout: 'Payouts',
        vendorpayout: 'Vendor Payouts',
        report: 'Accounts',
        vendorreport: 'Vendor Accounts',
        providers: 'Payment Providers',
        provider_events: 'Provider Events',
        audit_events: 'Audit Log',
      },
    },
    roles: {
      ADMIN: 'Admin',
      TRANSACTIONS: 'Transactions',
      OPERATIONS: 'Operations',
      MERCHANT: 'Merchant',
      MERCHANT_ADMIN: 'Merchant Admin',
      MERCHANT_OPERATIONS: 'Merchant Operations',
      VENDOR: 'Vendor',
      VENDOR_OPERATIONS: 'Vendor Operations',
    },
    topbar: {
      toggle_menu: 'Toggle menu',
      logout: 'Logout',
      language: 'Language: %{name}',
      account: 'Account: %{name}, %{role}',
      dark_theme: 'Dark theme',
      light_theme: 'Light theme',
    },
    toast: toastMessages,
    screens: {
      merchant_applications: 'Merchant Applications',
      audit_events: 'Audit Log',
      providers: 'Payment Providers',
      provider_events: 'Provider Events',
      approvals: 'Waiting for my approval',
    },
    confirm: {
      title: 'Confirm with your password',
      intro: 'This action is sensitive. Enter your password again to go on.',
      password: 'Password',
      submit: 'Confirm',
      cancel: 'Cancel',
    },
    export: {
      label: 'Export',
    },
    live: liveMessages,
    audit: {
      history: 'History',
      none: 'No changes have been recorded for this record yet.',
      see_all: 'See all %{total} changes',
      at: 'At (IST)',
      user: 'User',
      role: 'Role',
      action: 'Action',
      changes: 'Changes',
      more: 'and %{count} more',
    },
    errors: {
      unexpected: 'Unexpected Application Error!',
      reload: 'Reload',
      go_home: 'Go to home',
      not_found: 'Page not found',
      not_found_hint: 'There is no page at this address.',
      access_denied: 'Access denied',
      access_denied_hint: 'Your role cannot use this screen. Ask an administrator if you need it.',
      session_ended: 'Your session has ended. Please sign in again.',
    },
    login: loginMessages,
    forgot: {
      title: 'Forgot password',
      intro: 'Enter your user name. If the account exists, a link to reset the password is sent to its owner.',
      submit: 'Send reset link',
      sent: 'Reset link requested',
      back: 'Back to sign in',
    },
    reset: {
      title: 'Reset password',
      intro: 'Choose a new password for your account.',
      new_password: 'New Password',
      confirm_password: 'Confirm Password',
      mismatch: 'The passwords do not match.',
      submit: 'Change password',
      done: 'Password changed',
      missing_token: 'This reset link is incomplete. Please ask for a new one.',
      ask_again: 'Ask for a new link',
    },
    onboarding: {
      title: 'Apply as a merchant',
      intro: 'Tell us about your business. An administrator reviews every application.',
      business_name: 'Business Name',
      contact_name: 'Contact Name',
      email: 'Email',
      phone: 'Phone',
      website: 'Website',
      volume: 'Expected Monthly Volume (₹)',
      submit: 'Submit application',
      done: 'Application received',
      done_message: 'Thank you. We review your application and reply to %{email}.',
      invalid_email: 'Enter a valid email address.',
      invalid_phone: 'Enter a 10-digit Indian mobile number.',
      invalid_website: 'Enter a web address that starts with http:// or https://.',
      invalid_volume: 'Enter an amount above ₹0 with at most two decimals.',
    },
  },
  resources: {
    merchant: merchantMessages,
    'merchant-applications': applicationMessages,
    'audit-events': auditEventMessages,
    providers: providerMessages,
    'provider-events': providerEventMessages,
    vendor: vendorMessages,
    'bank-accounts': bankAccountMessages,
    payins: payinMessages,
    payouts: payoutMessages,
    settlements: settlementMessages,
    vendorsettlements: vendorSettlementMessages,
    lien: lienMessages,
    'add-data': bankEntryMessages,
    user: userMessages,
  },
};

export const en: TranslationMessages = { ...englishMessages, ...appMessages };
