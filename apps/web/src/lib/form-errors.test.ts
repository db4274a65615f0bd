import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_MESSAGE } from './api-error';
import { formFailure } from './form-errors';

describe('formFailure: an API failure onto a form', () => {
  it('puts each field message under the input of the same name, and no form message', () => {
    const err = new ApiError(422, 'Maksimal 255 karakter', { title: ['Maksimal 255 karakter', 'kedua'], body: ['Wajib diisi'] });
    expect(formFailure(err, ['title', 'body', 'from'])).toEqual({
      fields: { title: 'Maksimal 255 karakter', body: 'Wajib diisi' },
      message: null,
    });
  });

  it('shows a failure without field errors as the one form message', () => {
    expect(formFailure(new ApiError(409, 'Rombel tidak dapat dihapus karena masih memiliki siswa'), ['name'])).toEqual({
      fields: {},
      message: 'Rombel tidak dapat dihapus karena masih memiliki siswa',
    });
  });

  it('shows a field the form does not have as the form message, keeping the others under their inputs', () => {
    const err = new ApiError(422, 'x', { name: ['Wajib diisi'], rombel_id: ['Rombel tidak ditemukan'] });
    expect(formFailure(err, ['name'])).toEqual({ fields: { name: 'Wajib diisi' }, message: 'Rombel tidak ditemukan' });
  });

  it('says what a network failure or an unknown error is', () => {
    expect(formFailure(new ApiError(0, NETWORK_MESSAGE), ['name']).message).toBe(NETWORK_MESSAGE);
    expect(formFailure(new Error('boom'), ['name'])).toEqual({ fields: {}, message: 'Terjadi kesalahan. Silakan coba lagi.' });
  });
});
