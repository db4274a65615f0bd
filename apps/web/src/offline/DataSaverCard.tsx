/** 'Hemat data' on the profile (issue 42; the data saver helper fills it). */
export function DataSaverCard() {
  return null;
}
