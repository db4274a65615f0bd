import { describe, expect, it } from 'vitest';
import { LEAVE_MSG, MB, MSG } from '@kelasku/contract';
import { ApiError } from '../../lib/api-error';
import { letterDropMessage, letterFailure, letterProblem, wibDay } from './letter';

const file = (type: string, size: number, name = 'surat') => new File([new Uint8Array(size)], name, { type });

describe('the letter of an izin request', () => {
  it('is required, a photo or a PDF, at most 10 MB — with the server’s words', () => {
    expect(letterProblem(null)).toBe(LEAVE_MSG.fileRequired);
    expect(letterProblem(file('image/jpeg', 0))).toBe(MSG.fileEmpty);
    expect(letterProblem(file('text/plain', 10))).toBe(LEAVE_MSG.fileType);
    expect(letterProblem(file('image/heic', 10))).toBe(LEAVE_MSG.fileType);
    expect(letterProblem(file('application/pdf', 10 * MB + 1))).toBe(LEAVE_MSG.fileTooLarge);
    for (const t of ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']) expect(letterProblem(file(t, 1000))).toBeNull();
  });

  it('shows the letter’s own message for a type the drop zone refused', () => {
    expect(letterDropMessage(MSG.fileType)).toBe(LEAVE_MSG.fileType);
    expect(letterDropMessage(LEAVE_MSG.fileTooLarge)).toBe(LEAVE_MSG.fileTooLarge);
    expect(letterDropMessage(null)).toBeNull();
  });

  it('puts a refused file under the picker: the file field’s message, or a 413/415 message', () => {
    expect(letterFailure(new ApiError(422, 'Data tidak valid', { file: [LEAVE_MSG.fileRequired] }))).toBe(LEAVE_MSG.fileRequired);
    expect(letterFailure(new ApiError(415, LEAVE_MSG.fileType))).toBe(LEAVE_MSG.fileType);
    expect(letterFailure(new ApiError(413, LEAVE_MSG.fileTooLarge))).toBe(LEAVE_MSG.fileTooLarge);
    expect(letterFailure(new ApiError(422, 'Data tidak valid', { reason: [LEAVE_MSG.reasonRequired] }))).toBeNull();
    expect(letterFailure(new Error('x'))).toBeNull();
  });

  it('starts on today in WIB', () => {
    const now = Date.parse('2026-11-30T18:00:00Z'); // 1 December 01.00 WIB
    expect(wibDay(0, now)).toBe('2026-12-01');
    expect(wibDay(1, now)).toBe('2026-12-02');
  });
});
