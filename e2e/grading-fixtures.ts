import zlib from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, classWithLesson, freshRombel, freshUser } from './fixtures';

/** A unique mark for names in this run. */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * A fresh teacher with a class for a fresh rombel (its grading lists hold only this test's
 * students), one content, one assignment, and students with the given names (so their order is known).
 */
export async function gradingScene(
  request: APIRequestContext,
  studentNames: string[],
  deadline = '2031-06-30T23:59',
  studentFields: Record<string, unknown> = {},
) {
  const rombelId = (await freshRombel(request, 'XII TKJ')).id;
  const teacher = await freshUser(request, 2);
  const students = [];
  for (const name of studentNames)
    students.push({ ...(await freshUser(request, 3, { ...studentFields, rombel_id: rombelId, name })), name });
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId,
    name: `Pemrograman Web ${stamp()}`,
    lessonTitle: 'HTML dan CSS',
  });
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`;
  const created = await api(request, teacher.token, 'POST', base, {
    title: 'Membuat halaman profil',
    description: 'Buat halaman profil dengan HTML, foto hasilnya.',
    deadline,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const assignmentId = created.body.data.id as number;
  const page = `/online-class/${classId}/contents/${lessonId}/assignment/${assignmentId}`;
  return {
    teacher,
    students,
    classId,
    lessonId,
    assignmentId,
    api: `${base}/${assignmentId}`,
    page,
    studentPage: (studentId: number) => `${page}/students/${studentId}`,
  };
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The student hands in files (the repeated field `files`) and a text answer through the API. */
export async function handInWork(request: APIRequestContext, token: string, assignmentId: number, files: UploadFile[], text?: string) {
  const form = new FormData();
  if (text !== undefined) form.append('text', text);
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await request.post(`/api/student/submissions/${assignmentId}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: form,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).data;
}

/** A one-page PDF with a line of text (pdf.js renders it). */
export async function pdfWithText(name: string, text: string): Promise<UploadFile> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 595]);
  page.drawText(text, { x: 40, y: 520, size: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** A plain-coloured PNG of the given size. */
export function png(name: string, width: number, height: number, rgb: [number, number, number]): UploadFile {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

export const textFile = (name: string, text: string): UploadFile => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
