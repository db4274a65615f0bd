/** The data of the quick grading and gradebook import specs (issue 39), made through the API. */
import { expect, type APIRequestContext } from '@playwright/test';
import { api, freshRombel, freshUser, handIn } from './fixtures';

const DAY = 86_400_000;

/** A rombel of four (Ani, Budi, Citra handed in; Dedi nothing), a teacher's class with "Tugas Jaringan"; and another teacher. */
export async function quickWorld(request: APIRequestContext, prefix = 'Cepat') {
  const rombel = await freshRombel(request, prefix);
  const mark = Date.now().toString(36).slice(-4);
  const nis = `${Date.now() % 100_000_000}${Math.floor(Math.random() * 90 + 10)}`;
  const teacher = await freshUser(request, 2);
  const stranger = await freshUser(request, 2);
  const student = async (name: string, nis: string) => ({ ...(await freshUser(request, 3, { rombel_id: rombel.id, name, nis })), name });
  const ani = await student(`Ani ${mark}`, `${nis}1`);
  const budi = await student(`Budi ${mark}`, `${nis}2`);
  const citra = await student(`Citra ${mark}`, `${nis}3`);
  const dedi = await student(`Dedi ${mark}`, `${nis}4`);
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Jaringan Dasar',
    rombel_class_id: rombel.id,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}`;
  const content = await api(request, teacher.token, 'POST', `${base}/contents`, { title: 'Bab 1' });
  const lessonId = content.body.data.id as number;
  const made = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
    title: 'Tugas Jaringan',
    description: 'Gambar topologi.',
    deadline: new Date(Date.now() + 3 * DAY).toISOString(),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const assignmentId = made.body.data.id as number;
  for (const s of [ani, budi, citra]) await handIn(request, s.token, assignmentId);
  const apiBase = `${base}/contents/${lessonId}/assignments/${assignmentId}`;
  const page = `/online-class/${classId}/contents/${lessonId}/assignment/${assignmentId}`;
  return { teacher, stranger, ani, budi, citra, dedi, classId, lessonId, assignmentId, apiBase, page };
}
