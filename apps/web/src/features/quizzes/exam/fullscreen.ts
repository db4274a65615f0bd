/**
 * Exam mode asks for full screen on the student's tap ("Mulai", "Lanjutkan", "Layar penuh"). A
 * browser that refuses or cannot (an iPhone's Safari) is not an error: the exam carries on.
 */
export function askFullscreen(): void {
  const el = document.documentElement;
  if (document.fullscreenElement || typeof el.requestFullscreen !== 'function') return;
  el.requestFullscreen().catch(() => undefined);
}

export const canFullscreen = () => typeof document.documentElement.requestFullscreen === 'function' && document.fullscreenEnabled;

/** Leaves full screen at the end of the exam (if this page is in it). */
export function leaveFullscreen(): void {
  if (document.fullscreenElement && typeof document.exitFullscreen === 'function') document.exitFullscreen().catch(() => undefined);
}
