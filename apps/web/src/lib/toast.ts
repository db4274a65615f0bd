import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@kelasku/contract';
import { ApiError } from './api-error';

export function toastSuccess(message: string, ms: number = TOAST_MS.short) {
  notifications.show({ color: 'green', title: 'Berhasil', message, autoClose: ms });
}

export function toastError(message: string, ms: number = TOAST_MS.short) {
  notifications.show({ color: 'red', title: 'Gagal', message, autoClose: ms });
}

/** The message of an API failure (server text, or a network message). */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Terjadi kesalahan. Silakan coba lagi.';
}

/** SPEC §8: a failed form shows the server message plus " please try again!". */
export function toastApiError(err: unknown, ms: number = TOAST_MS.short, suffix = ' please try again!') {
  toastError(`${errorMessage(err)}${suffix}`, ms);
}
