/** The English messages of /app/user (`resources.user.*` in the catalogue). */
export const userMessages = {
  name: 'User |||| Users',
  notifications: { created: 'User created', updated: 'User saved' },
  fields: {
    fullName: 'Full Name',
    userName: 'User Name',
    password: 'Password',
    role: 'Role',
    roleLabel: 'Role',
    merchantCodes: 'Merchant Code',
    vendorCode: 'Vendor Code',
    enabled: 'Enabled',
    lastLoginAt: 'Last logged in (IST)',
    createdAt: 'Created At (IST)',
    q: 'Name',
  },
  empty: {
    title: 'No users yet',
    text: 'Add the people who sign in to this console, each with the role they need.',
    filtered_title: 'No user matches these filters',
    filtered_text: 'Change or clear the filters to see more.',
  },
  password_help: 'At least 8 characters with a letter and a digit.',
  reset: {
    action: 'Reset password',
    title: 'Set a new password for %{name}',
    intro: 'The user is signed out everywhere and signs in with the new password.',
    password: 'New Password',
    submit: 'Set password',
    cancel: 'Cancel',
    done: 'Password changed',
  },
};
