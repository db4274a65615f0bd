/** 'Kalender' on the profile: the secret iCal address (issue 42; the calendar helper fills it). */
export function CalendarCard() {
  return null;
}
