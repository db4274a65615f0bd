/**
 * The school day of `npm run bench` (bench/school-day/, issue 26) stays runnable: Artillery's
 * students and teachers go through every page of the scenario against the real server, on a small
 * school made by the generator of `npm run seed:large`, and nothing they do fails. The capacity
 * itself is measured by the benchmark, never here.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSchool, type SchoolSize } from '../src/seed/large.js';
import { comments, storedFiles, submissions, users } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BENCH = path.join(ROOT, 'bench/school-day');
const TAG = 'hari.';
const SCHOOL: SchoolSize = {
  rombels: 2,
  students: 6,
  teachers: 2,
  classes: 4,
  lessonsPerClass: 3,
  upcomingPerClass: 2,
  forumsPerClass: 1,
  commentsPerClass: 5,
  filePool: 2,
  sessionsPerUser: 2,
};
const ROUNDS = 4;

interface Summary {
  count: number;
}
interface Report {
  aggregate: { counters: Record<string, number>; summaries: Record<string, Summary> };
}

/** Runs one scenario of the school day with `users` arrivals to its end; resolves with Artillery's report. */
async function artillery(base: string, scenario: string, users: number): Promise<Report> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-school-day-test-'));
  const report = path.join(dir, 'report.json');
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/artillery/bin/run'),
      'run',
      '--target',
      base,
      '--scenario-name',
      scenario,
      '--overrides',
      JSON.stringify({ config: { phases: [{ name: 'test', duration: 1, arrivalCount: users }] } }),
      '--output',
      report,
      path.join(BENCH, 'scenario.yml'),
    ],
    {
      cwd: BENCH,
      env: {
        ...process.env,
        ARTILLERY_DISABLE_TELEMETRY: '1',
        ARTILLERY_PLUGIN_PATH: BENCH,
        WORKERS: '1',
        SCHOOL_DAY_TAG: TAG,
        SCHOOL_DAY_STUDENTS: String(SCHOOL.students),
        SCHOOL_DAY_TEACHERS: String(SCHOOL.teachers),
        SCHOOL_DAY_THINK_MIN: '0.02',
        SCHOOL_DAY_THINK_MAX: '0.05',
        SCHOOL_DAY_CYCLES: String(ROUNDS),
        SCHOOL_DAY_HAND_IN: '0.5',
        SCHOOL_DAY_COMMENT: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const code = await new Promise((r) => child.once('exit', r));
  expect(code, output.slice(-4000)).toBe(0);
  const parsed = JSON.parse(await fs.readFile(report, 'utf8')) as Report;
  await fs.rm(dir, { recursive: true, force: true });
  return parsed;
}

const ourStudents = () =>
  t.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.username, `${TAG}siswa%`));
/** Submissions of the school's students that are handed in. */
async function submitted(): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(inArray(submissions.studentId, ourStudents()), isNotNull(submissions.submittedAt)));
  return row!.n;
}

const count = (r: Report, name: string) => r.aggregate.summaries[name]?.count ?? 0;
const failures = (r: Report) =>
  Object.entries(r.aggregate.counters).filter(([k, v]) => (k.startsWith('errors.') || k === 'vusers.failed') && v > 0);

describe('the school day of the benchmark', () => {
  let base: string;

  beforeAll(async () => {
    await seedSchool(t.db, t.app.files, SCHOOL, { tag: TAG });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('starts every account of the school with two live sessions of earlier days', async () => {
    const { rows } = await t.db.execute<{ username: string; sessions: number; live: number }>(sql`
      select u.username, count(t.id)::int as sessions,
        count(*) filter (where t.last_used_at > now() - interval '30 days' and t.created_at <= t.last_used_at)::int as live
      from users u left join auth_tokens t on t.user_id = u.id
      where u.username like ${`${TAG}%`} group by u.username`);
    // The admin, 2 teachers and 6 students of this school.
    expect(rows).toHaveLength(9);
    expect(rows.filter((r) => r.sessions !== 2 || r.live !== 2)).toEqual([]);
  });

  it('takes students through every page, with the live stream, comments and hand-ins, and nothing fails', async () => {
    const students = 4;
    const submittedBefore = await submitted();
    const r = await artillery(base, 'siswa', students);
    expect(failures(r)).toEqual([]);
    expect(r.aggregate.counters['vusers.completed']).toBe(students);
    expect(count(r, 'page.login')).toBe(students);
    // The dashboard first and after every round; then class, lesson, and a forum or an assignment per round.
    expect(count(r, 'page.dashboard')).toBe(students * (ROUNDS + 1));
    expect(count(r, 'page.class')).toBe(students * ROUNDS);
    expect(count(r, 'page.content')).toBe(students * ROUNDS);
    expect(count(r, 'page.forum') + count(r, 'page.assignment')).toBe(students * ROUNDS);
    expect(count(r, 'api.GET /api/live')).toBe(count(r, 'page.forum'));
    expect(count(r, 'page.comment')).toBe(count(r, 'page.forum'));
    expect(count(r, 'page.forum')).toBeGreaterThan(0);
    expect(count(r, 'page.assignment')).toBeGreaterThan(0);

    // What they wrote is there: every comment; and the hand-ins (a second one to the same assignment replaces the first).
    const [written] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(inArray(comments.authorId, ourStudents()), like(comments.body, 'Baik, Bu.%')));
    expect(written!.n).toBe(count(r, 'page.comment'));
    const handIns = count(r, 'page.hand-in');
    expect((await submitted()) - submittedBefore).toBeLessThanOrEqual(handIns);
    const [files] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedFiles)
      .where(and(eq(storedFiles.originalName, 'jawaban.pdf'), eq(storedFiles.size, 1024 * 1024)));
    expect(files!.n > 0).toBe(handIns > 0);
  }, 120_000);

  it('takes teachers through their classes, the grading columns, grades and new materials', async () => {
    const teachers = 2;
    const r = await artillery(base, 'guru', teachers);
    expect(failures(r)).toEqual([]);
    expect(r.aggregate.counters['vusers.completed']).toBe(teachers);
    expect(count(r, 'page.teacher-dashboard')).toBe(teachers * (ROUNDS + 1));
    expect(count(r, 'page.teacher-class')).toBe(teachers * ROUNDS);
    expect(count(r, 'page.grading')).toBe(teachers * ROUNDS);
  }, 120_000);

  it('runs the deadline minute: a student signs in and hands in a 1 MB file', async () => {
    const r = await artillery(base, 'tenggat', 2);
    expect(failures(r)).toEqual([]);
    expect(count(r, 'page.hand-in') + (r.aggregate.counters['deadline.nothing_to_hand_in'] ?? 0)).toBe(2);
  }, 120_000);
});
