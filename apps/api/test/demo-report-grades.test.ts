/**
 * Issue 39: the demo school shows report grades — X TKJ 1's classes of the demo teacher have their
 * scheme, TPs, work in categories tagged with TPs, "Rubrik Presentasi" on the presentation with
 * siswa's work graded with it, a Nilai Akhir for every student of the rombel, and the grades
 * released, so the demo student sees their final grade.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo.js';
import { issueToken } from '../src/auth/tokens.js';
import { PRESENTATION_RUBRIC } from '../src/seed/report-grades.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const tokenOf = async (username: string) => {
  const [u] = await rows<{ id: number }>(sql`select id from users where username = ${username}`);
  return issueToken(t.db, u!.id);
};

describe('the demo school’s report grades', () => {
  beforeAll(async () => {
    expect(await seedDemo(t.db, t.app.files)).toBe(true);
  });

  it('gives X TKJ 1’s classes of guru a scheme, TPs, tagged work in categories, and releases them', async () => {
    const classes = await rows<{
      name: string;
      categories: number;
      tps: number;
      work: number;
      uncategorized: number;
      untagged: number;
      released: boolean;
    }>(sql`
      select oc.name,
        (select count(*)::int from grade_categories gc where gc.online_class_id = oc.id) as categories,
        (select count(*)::int from learning_objectives lo where lo.subject_id = ta.subject_id and lo.grade = 10) as tps,
        (select count(*)::int from assignments a join contents c on c.id = a.content_id where c.online_class_id = oc.id) as work,
        (select count(*)::int from assignments a join contents c on c.id = a.content_id where c.online_class_id = oc.id and a.category_id is null) as uncategorized,
        (select count(*)::int from assignments a join contents c on c.id = a.content_id where c.online_class_id = oc.id
           and not exists (select 1 from assignment_objectives ao where ao.assignment_id = a.id)) as untagged,
        s.released_at is not null as released
      from online_classes oc join users u on u.id = oc.teacher_id
      join teaching_assignments ta on ta.online_class_id = oc.id
      join class_grade_settings s on s.online_class_id = oc.id
      where oc.rombel_class_id = 1 and u.username = 'guru' order by oc.id`);
    expect(classes.map((c) => c.name)).toEqual(['Komputer dan Jaringan Dasar', 'Sistem Komputer']);
    for (const c of classes) {
      expect(c).toMatchObject({ categories: 3, uncategorized: 0, untagged: 0, released: true });
      expect(c.tps).toBeGreaterThanOrEqual(3);
      expect(c.tps).toBeLessThanOrEqual(4);
      expect(c.work).toBeGreaterThanOrEqual(1);
    }
  });

  it("lists guru's Rubrik Presentasi (3 criteria × 4 levels), on one assignment, with siswa's work graded by it", async () => {
    const guru = await tokenOf('guru');
    const list = await t.as(guru).get('/api/teacher/rubrics');
    expect(list.status).toBe(200);
    const rubric = list.body.data.find((r: { title: string }) => r.title === 'Rubrik Presentasi');
    expect(rubric).toMatchObject({ criteria_count: 3, max_total: 100, assignment_count: 1, used_for_grading: true });
    expect(PRESENTATION_RUBRIC.every((c) => c.levels.length === 4)).toBe(true);
    const [graded] = await rows<{ username: string; score: number; marks: unknown; title: string }>(sql`
      select u.username, s.score, s.rubric_marks as marks, a.title from submissions s
      join assignments a on a.id = s.assignment_id join users u on u.id = s.student_id
      where a.rubric_id = ${rubric.id} and s.rubric_marks is not null`);
    expect(graded).toMatchObject({ username: 'siswa', score: 82, title: 'Presentasi Topologi Jaringan' });
    expect(graded!.marks).toHaveLength(3);
    // The student sees the rubric and their marks.
    const [a] = await rows<{ id: number }>(sql`select id from assignments where rubric_id = ${rubric.id}`);
    const work = await t.as(await tokenOf('siswa')).get(`/api/student/submissions/${a!.id}`);
    expect(work.status).toBe(200);
    expect(work.body.data.rubric.title).toBe('Rubrik Presentasi');
    expect(work.body.data.submission).toMatchObject({ score: 82, rubric_marks: graded!.marks });
  });

  it('gives every student of the rombel a Nilai Akhir, and siswa sees their released final grade', async () => {
    const guru = await tokenOf('guru');
    const classes = await rows<{ id: number }>(sql`
      select oc.id from online_classes oc join users u on u.id = oc.teacher_id where oc.rombel_class_id = 1 and u.username = 'guru'`);
    for (const c of classes) {
      const res = await t.as(guru).get(`/api/teacher/online-classes/${c.id}/report-grades`);
      expect(res.status).toBe(200);
      expect(res.body.data.students.length).toBe(3);
      for (const s of res.body.data.students) expect(s.final, s.student.name).toEqual(expect.any(Number));
    }
    const report = await t.as(await tokenOf('siswa')).get('/api/student/report-grades');
    expect(report.status).toBe(200);
    const kjd = report.body.data.find((r: { online_class: { name: string } }) => r.online_class.name === 'Komputer dan Jaringan Dasar');
    // Sumatif lingkup materi: Ulangan Harian 1, 88 (the demo's own assignments are still to do) × 60%
    // + sumatif akhir 82 (graded with the rubric) × 40% = 52.8 + 32.8 = 85.6 → 86.
    expect(kjd).toMatchObject({ released: true, final: 86 });
    const sk = report.body.data.find((r: { online_class: { name: string } }) => r.online_class.name === 'Sistem Komputer');
    expect(sk.released).toBe(true);
    expect(sk.final).toEqual(expect.any(Number));
  });
});
