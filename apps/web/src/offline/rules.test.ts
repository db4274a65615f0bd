import { describe, expect, it } from 'vitest';
import { bearerOf, fileKey, formatStorage, keepableAnswer, keepableFile, kindOf, planEviction } from './rules';

const MB = 1024 * 1024;

describe('what the service worker keeps', () => {
  it('keeps API reads of pages: dashboard, class, content, forum thread, assignment, notifications, profile, a fresh file link', () => {
    for (const path of [
      '/api/student/upcoming-assignments',
      '/api/student/my-classes',
      '/api/student/my-classes/3',
      '/api/student/my-classes/3/contents/5',
      '/api/student/my-classes/3/contents/5/forums/9',
      '/api/student/submissions/12',
      '/api/notifications',
      '/api/me',
      '/api/files/40/link',
      '/api/teacher/online-classes/3',
    ]) {
      expect(kindOf(path), path).toBe('data');
    }
  });

  it('never keeps the session, the login, the live stream, metrics, backups, downloads and exports, or the admin area', () => {
    for (const path of [
      '/api/login',
      '/api/logout',
      '/api/session',
      '/api/session/refresh',
      '/api/auth/token',
      '/api/live',
      '/metrics',
      '/api/docs/json',
      '/api/health',
      '/api/admin/backup',
      '/api/admin/resources/users',
      '/api/downloads/backup',
      '/api/uploads/abc',
      '/api/teacher/online-classes/3/gradebook.xlsx',
      '/api/teacher/online-classes/3/contents/5/assignments/7/submissions.zip',
      '/api/teacher/question-categories/2/export.gift',
      '/api/teacher/question-template.xlsx',
    ]) {
      expect(kindOf(path), path).toBeNull();
    }
  });

  it('tells stored files, build chunks and the rest of the site apart', () => {
    expect(kindOf('/api/files/40')).toBe('file');
    expect(kindOf('/assets/index-Ab12Cd34.js')).toBe('asset');
    expect(kindOf('/dashboard')).toBeNull();
    expect(kindOf('/sw.js')).toBeNull();
  });

  it('keeps only whole JSON answers, never an attachment, an error or a not-modified answer', () => {
    const json = new Headers({ 'content-type': 'application/json; charset=utf-8' });
    expect(keepableAnswer(200, json)).toBe(true);
    expect(keepableAnswer(304, json)).toBe(false);
    expect(keepableAnswer(404, json)).toBe(false);
    expect(keepableAnswer(200, new Headers({ 'content-type': 'text/event-stream' }))).toBe(false);
    expect(
      keepableAnswer(200, new Headers({ 'content-type': 'application/json', 'content-disposition': 'attachment; filename="x.json"' })),
    ).toBe(false);
  });

  it('keeps a whole file, not a range of it', () => {
    expect(keepableFile(200, new Headers({ 'content-type': 'application/pdf' }))).toBe(true);
    expect(keepableFile(206, new Headers({ 'content-type': 'video/mp4', 'content-range': 'bytes 0-99/1000' }))).toBe(false);
    expect(keepableFile(403, new Headers({ 'content-type': 'application/json' }))).toBe(false);
  });

  it('keeps a file under its path: the signed query that changes every ten minutes is left out', () => {
    expect(fileKey('https://kelasku.sch.id/api/files/40?e=1700000000&s=abc')).toBe('https://kelasku.sch.id/api/files/40');
    expect(fileKey('https://kelasku.sch.id/api/files/40?e=1700000600&s=def')).toBe(fileKey('https://kelasku.sch.id/api/files/40?e=1&s=x'));
  });

  it('reads the bearer token of a request', () => {
    expect(bearerOf(new Headers({ Authorization: 'Bearer abc.def' }))).toBe('abc.def');
    expect(bearerOf(new Headers())).toBeNull();
    expect(bearerOf(new Headers({ Authorization: 'Basic eHl6' }))).toBeNull();
  });
});

describe('the storage budget', () => {
  const index = {
    a: { size: 80 * MB, used: 1 },
    b: { size: 60 * MB, used: 3 },
    c: { size: 50 * MB, used: 2 },
  };

  it('drops nothing while files and saved pages fit', () => {
    expect(planEviction(index, 10 * MB, 200 * MB)).toEqual([]);
  });

  it('drops the least recently opened files first until everything fits, never the file just saved', () => {
    const withNew = { ...index, d: { size: 40 * MB, used: 4 } };
    // 230 MB of files + 5 MB of pages: a (used first) goes, 155 MB remain.
    expect(planEviction(withNew, 5 * MB, 200 * MB, 'd')).toEqual(['a']);
    // 100 MB budget: a, then c (used before b), then b.
    expect(planEviction(withNew, 5 * MB, 100 * MB, 'd')).toEqual(['a', 'c', 'b']);
  });

  it('drops the new file too when it alone does not fit', () => {
    expect(planEviction({ big: { size: 150 * MB, used: 9 } }, 60 * MB, 200 * MB, 'big')).toEqual(['big']);
  });

  it('shows sizes in KB or MB with an Indonesian comma', () => {
    expect(formatStorage(0)).toBe('0 KB');
    expect(formatStorage(2765)).toBe('2,7 KB');
    expect(formatStorage(400 * 1024)).toBe('400 KB');
    expect(formatStorage(12.34 * MB)).toBe('12,3 MB');
    expect(formatStorage(200 * MB)).toBe('200 MB');
  });
});
