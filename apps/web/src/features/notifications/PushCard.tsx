/** 'Notifikasi di HP ini' card on the profile (issue 42; the push helper fills it). */
export function PushCard() {
  return null;
}
