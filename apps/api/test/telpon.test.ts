/**
 * Phone numbers as Indonesian schools write them (contract fields.ts): Dapodik's HP of 11 or 13
 * digits, +62, spaces, dots and parentheses; kept in the app's one form, 0812-3456-7890.
 */
import { describe, expect, it } from 'vitest';
import { MSG, telponField, telponOf } from '@kelasku/contract';

describe('telponOf', () => {
  it.each([
    ['081234567890', '0812-3456-7890'],
    ['08123456789', '0812-3456-789'],
    ['0812345678901', '0812-3456-78901'],
    ['+62 812-3456-7890', '0812-3456-7890'],
    ['62812345678', '0812-3456-78'],
    ['0812 3456 789', '0812-3456-789'],
    ['0812-3456-7890', '0812-3456-7890'],
    ['0812.3456.7890', '0812-3456-7890'],
    ['(0274) 512345', '0274-5123-45'],
    ['021-5551234', '0215-5512-34'],
    ['08123456789012', '0812-3456-789012'],
    ['+62\u00a0812\u00a03456\u00a07890', '0812-3456-7890'],
  ])('%j → %s', (typed, stored) => {
    expect(telponOf(typed)).toBe(stored);
  });

  it.each([
    '12345',
    '0812abc',
    '0812345678901234', // 16 digits
    '081234567890123', // 15 digits
    '081234567', // 9 digits
    '6281234567', // 62 and 8 digits
    '+62 0812-3456-7890', // a 0 after +62
    '00812345678',
    '812-3456-7890', // no 0 or +62
    '+1 812 3456 7890',
    '0812/3456/7890',
    '',
  ])('refuses %j', (typed) => {
    expect(telponOf(typed)).toBeNull();
  });
});

describe('telponField (the user form and the profile)', () => {
  it('keeps what it takes in the one form, blank as null', () => {
    expect(telponField.parse('+62 812-3456-7890-12')).toBe('0812-3456-789012');
    expect(telponField.parse('0812 3456 789')).toBe('0812-3456-789');
    expect(telponField.parse('  ')).toBeNull();
    expect(telponField.parse(undefined)).toBeUndefined();
  });

  it.each(['12345', '0812abc', '0812345678901234', '0812-3456-7890-1234-5678', 812345678])('refuses %j with the message', (typed) => {
    const r = telponField.safeParse(typed);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.telponFormat]);
  });
});
