// The error of a failed API call, down here so that lib's helpers (toasts, form errors) read it
// without importing api/ (api/client.ts throws it and passes it on to the screens).

/** A failed API call: the server's Indonesian message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
  /** The first message of a field, for showing under the input. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

/** The server answered 404: the object is gone or not the caller's (the page shows Not Found). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi internetmu.';
