/** The English messages of the toasts (`app.toast.*`). */
export const toastMessages = {
  region: 'Notifications',
  success: 'Success',
  error: 'Error',
  info: 'Info',
  warning: 'Warning',
  dismiss: 'Dismiss',
};
