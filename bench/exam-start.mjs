#!/usr/bin/env node
/**
 * Exam start (issue 25): a whole year group sits one quiz. EXAM_STUDENTS (600) students of one class
 * open the quiz page and start their attempt within the first minute, then answer for EXAM_MINUTES
 * (10) with think time — each answer saved the moment it is given, now and then an earlier answer
 * changed — and hand in when their time is up. Against the real server (a child process, the
 * built apps/api/dist/main.js when there is one) on a scratch PostgreSQL database.
 *
 * Reports p50/p95/p99 of the answer saves (and of the start and the attempt page), the errors, and
 * checks that no answer was lost: for every (attempt, question) the database holds the answer of the
 * last save the server acknowledged, and every student has exactly one attempt, handed in.
 *
 *   node bench/exam-start.mjs                          # writes bench/RESULTS-exam.md
 *   EXAM_STUDENTS=600 EXAM_MINUTES=2 node bench/exam-start.mjs   # shorter, at the same pace
 *   EXAM_THINK_SECONDS=2 …                             # a faster pace than a real exam's
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 EXAM_RESULTS=- node bench/exam-start.mjs   # print only
 *
 * Exports run(opts) → markdown lines, for bench/run.mjs (BENCH_EXTRA=1).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { ROOT, runWhenMain, serverArgs, sleep } from './lib.mjs';
import { withSeededClass } from './deadline-rush.mjs';

const log = (...a) => console.error('[exam]', ...a);
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const shuffled = (list) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** The question bank of the exam: 40 questions of every auto-graded type and a few essays. */
function bankRows(n) {
  const opts = (correct) => ({
    options: ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id: `opt${id}000`, text: `Pilihan ${'ABCDE'[i]}`, correct: correct.includes(i) })),
  });
  const rows = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 8;
    if (kind < 4) rows.push(['multiple_choice', 2, opts([i % 5])]);
    else if (kind === 4) rows.push(['multiple_answer', 2, opts([0, 2])]);
    else if (kind === 5) rows.push(['true_false', 1, { answer: i % 2 === 0 }]);
    else if (kind === 6) rows.push(['short_answer', 1, { answers: ['router', 'gateway'], tolerance: null }]);
    else
      rows.push([
        'matching',
        3,
        { pairs: ['Router', 'Switch', 'Hub'].map((l, j) => ({ id: `pair${j}000`, left: l, right: `Fungsi ${l}` })) },
      ]);
  }
  rows.push(['essay', 5, {}], ['essay', 5, {}]);
  return rows;
}

/** The quiz: 12 fixed questions (the two essays among them) and 18 drawn from the bank, shuffled, with a time limit. */
async function seedQuiz(db, scene, minutes) {
  const { rows: klass } = await db.query('select teacher_id from online_classes where id = $1', [scene.klass]);
  const teacher = klass[0].teacher_id;
  const category = (
    await db.query(`insert into question_categories (teacher_id, name) values ($1, 'Jaringan Dasar') returning id`, [teacher])
  ).rows[0].id;
  const bank = bankRows(40);
  const { rows: questions } = await db.query(
    `insert into questions (category_id, teacher_id, type, text, points, data)
     select $1, $2, t, 'Soal nomor ' || n || ': jelaskan atau pilih jawaban yang paling tepat.', p, d
       from unnest($3::text[], $4::int[], $5::jsonb[]) with ordinality as x(t, p, d, n)
     returning id, type`,
    [category, teacher, bank.map((b) => b[0]), bank.map((b) => b[1]), bank.map((b) => JSON.stringify(b[2]))],
  );
  const quiz = (
    await db.query(
      `insert into quizzes (content_id, author_id, title, time_limit_minutes, attempts_allowed, shuffle_questions, shuffle_options, show_results)
       values ($1, $2, 'Ulangan Akhir Semester', $3, 1, true, true, 'after_close') returning id`,
      [scene.content, teacher, Math.ceil(minutes) + 5],
    )
  ).rows[0].id;
  const essays = questions.filter((q) => q.type === 'essay').map((q) => q.id);
  const fixed = [
    ...questions
      .filter((q) => q.type !== 'essay')
      .slice(0, 10)
      .map((q) => q.id),
    ...essays,
  ];
  await db.query(
    `insert into quiz_slots (quiz_id, position, question_id) select $1, n, q from unnest($2::int[]) with ordinality as x(q, n)`,
    [quiz, fixed],
  );
  await db.query(`insert into quiz_slots (quiz_id, position, category_id, pick_count) values ($1, $2, $3, 18)`, [
    quiz,
    fixed.length + 1,
    category,
  ]);
  return { quiz, questionCount: fixed.length + 18 };
}

/** A random answer to a question as the attempt page shows it. */
function answerFor(q) {
  switch (q.type) {
    case 'multiple_choice':
      return { option: pick(q.options).id };
    case 'multiple_answer':
      return { options: q.options.filter(() => Math.random() < 0.4).map((o) => o.id) };
    case 'true_false':
      return { value: Math.random() < 0.5 };
    case 'short_answer':
      return { text: pick(['router', 'switch', 'Gateway ', 'modem']) };
    case 'matching': {
      const rights = shuffled(q.right.map((r) => r.id));
      return { matches: Object.fromEntries(q.left.map((l, i) => [l.id, rights[i]])) };
    }
    default:
      return {
        text: `Jawaban uraian siswa. ${'Router menghubungkan dua jaringan atau lebih. '.repeat(4 + Math.floor(Math.random() * 8))}`,
      };
  }
}

/**
 * The answer as the server stores it: a matching answer names the right-hand items by the ids the
 * page shows; stored, they are the pair ids (the bank's right text "Fungsi X" belongs to pair X).
 */
function asStored(q, answer) {
  if (q.type !== 'matching') return answer;
  const pairOfText = new Map(['Router', 'Switch', 'Hub'].map((l, j) => [`Fungsi ${l}`, `pair${j}000`]));
  const textOf = new Map(q.right.map((r) => [r.id, r.text]));
  return { matches: Object.fromEntries(Object.entries(answer.matches).map(([l, r]) => [l, pairOfText.get(textOf.get(r))])) };
}

/** One student's exam: open the quiz, start, load the page, answer with think time until the time is up, hand in. */
async function sitExam(base, scene, quiz, token, plan, stats) {
  await sleep(plan.startDelayMs);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const url = `${base}/api/student/my-classes/${scene.klass}/contents/${scene.content}/quizzes/${quiz}`;
  const timed = async (bucket, method, u, body) => {
    const t0 = performance.now();
    try {
      const res = await fetch(u, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const json = await res.json().catch(() => null);
      stats[bucket].push(performance.now() - t0);
      stats.statuses[`${bucket} ${res.status}`] = (stats.statuses[`${bucket} ${res.status}`] ?? 0) + 1;
      if (res.status >= 300) stats.errors.push(`${bucket} ${res.status} ${JSON.stringify(json).slice(0, 160)}`);
      return { status: res.status, json };
    } catch (err) {
      stats.statuses[`${bucket} network`] = (stats.statuses[`${bucket} network`] ?? 0) + 1;
      stats.errors.push(`${bucket} ${String(err.cause ?? err)}`);
      return { status: 0, json: null };
    }
  };
  const view = await timed('view', 'GET', url);
  if (view.status !== 200) return;
  const started = await timed('start', 'POST', `${url}/attempts`, {});
  if (started.status !== 201 && started.status !== 200) return;
  const page = await timed('page', 'GET', `${url}/attempts/${started.json.data.id}`);
  if (page.status !== 200) return;
  const attempt = page.json.data;
  const acked = new Map();
  stats.acknowledged.set(attempt.id, acked);
  const end = performance.now() + plan.examMs;
  let next = 0;
  while (performance.now() < end) {
    await sleep(plan.thinkMs * (0.4 + Math.random() * 1.2));
    if (performance.now() >= end) break;
    // Mostly the next question; now and then back to change an earlier answer.
    const q = next < attempt.questions.length && Math.random() > 0.15 ? attempt.questions[next++] : pick(attempt.questions);
    const answer = answerFor(q);
    const saved = await timed('save', 'PUT', `${url}/attempts/${attempt.id}/answers/${q.id}`, { answer });
    if (saved.status === 200) acked.set(q.id, asStored(q, answer));
  }
  await timed('submit', 'POST', `${url}/attempts/${attempt.id}/submit`, {});
}

/** Compares the database with the acknowledged saves: the last acknowledged answer of every (attempt, question). */
async function verify(db, quiz, acknowledged, students) {
  const { rows } = await db.query(
    `select qa.attempt_id, qa.question_id, qa.answer from quiz_answers qa join quiz_attempts a on a.id = qa.attempt_id where a.quiz_id = $1`,
    [quiz],
  );
  const stored = new Map(rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r.answer]));
  // jsonb orders an object's keys its own way: compare with sorted keys.
  const canonical = (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
  const same = (a, b) => canonical(a) === canonical(b);
  let checked = 0;
  let lost = 0;
  for (const [attempt, answers] of acknowledged) {
    for (const [q, answer] of answers) {
      checked++;
      if (!same(answer, stored.get(`${attempt}:${q}`))) lost++;
    }
  }
  const { rows: attempts } = await db.query(
    `select count(*)::int as attempts, count(distinct student_id)::int as students, count(*) filter (where finished_at is not null)::int as finished,
            count(*) filter (where timed_out)::int as timed_out
       from quiz_attempts where quiz_id = $1`,
    [quiz],
  );
  return { checked, lost, stored: rows.length, ...attempts[0], expectedStudents: students };
}

export async function run(opts = {}) {
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const students = Number(opts.students ?? process.env.EXAM_STUDENTS ?? 600);
  const minutes = Number(opts.minutes ?? process.env.EXAM_MINUTES ?? 10);
  const resultsFile =
    opts.resultsFile ?? (process.env.EXAM_RESULTS === '-' ? null : (process.env.EXAM_RESULTS ?? path.join(ROOT, 'bench/RESULTS-exam.md')));
  const startWindowMs = Math.min(60_000, (minutes * 60_000) / 2);

  return withSeededClass({ pgUrl, tag: 'exam', students }, async ({ server, db, scene }) => {
    const { quiz, questionCount } = await seedQuiz(db, scene, minutes);
    // Each student's exam lasts until EXAM_MINUTES after the bench began. The think time is that of
    // a ten-minute exam in which everyone answers every question once and changes a few (a shorter
    // run keeps that pace and answers fewer questions), unless EXAM_THINK_SECONDS says otherwise.
    const examMs = minutes * 60_000 - startWindowMs / 2;
    const thinkMs =
      Number(opts.thinkSeconds ?? process.env.EXAM_THINK_SECONDS ?? 0) * 1000 || (10 * 60_000 - 30_000) / (questionCount * 1.2);
    const stats = { view: [], start: [], page: [], save: [], submit: [], statuses: {}, errors: [], acknowledged: new Map() };
    log(
      `${students} students, ${questionCount} questions, ${minutes} min (start within ${startWindowMs / 1000} s, think ~${(thinkMs / 1000).toFixed(1)} s)`,
    );
    const t0 = performance.now();
    const ticker = setInterval(
      () => log(`${((performance.now() - t0) / 1000).toFixed(0)} s: ${stats.save.length} saves, ${stats.errors.length} errors`),
      15_000,
    );
    await Promise.all(
      scene.tokens.map((token) =>
        sitExam(server.base, scene, quiz, token, { startDelayMs: Math.random() * startWindowMs, examMs, thinkMs }, stats),
      ),
    );
    clearInterval(ticker);
    const seconds = (performance.now() - t0) / 1000;
    const v = await verify(db, quiz, stats.acknowledged, students);
    const sorted = Object.fromEntries(['view', 'start', 'page', 'save', 'submit'].map((k) => [k, [...stats[k]].sort((a, b) => a - b)]));
    const row = (label, list) =>
      `| ${label} | ${list.length} | ${percentile(list, 50).toFixed(0)} ms | ${percentile(list, 95).toFixed(0)} ms | ${percentile(list, 99).toFixed(0)} ms | ${percentile(list, 100).toFixed(0)} ms |`;
    const failed = stats.errors.length;
    const ok = v.lost === 0 && failed === 0 && v.attempts === students && v.students === students && v.finished === students;
    const lines = [
      '## Exam start',
      '',
      `${students} students of one class start the same quiz within ${(startWindowMs / 1000).toFixed(0)} s and answer for ${minutes} min ` +
        `(${questionCount} questions per attempt, 12 fixed and 18 drawn at random, shuffled; think time ~${(thinkMs / 1000).toFixed(1)} s per answer, ` +
        `about 15 % of the saves change an earlier answer), then hand in. Real server (child process, ${path.basename(serverArgs().at(-1))}) on ` +
        `PostgreSQL (scratch database); load generator on the same machine (${os.cpus().length} cores, Node ${process.version}). ` +
        `Wall time ${seconds.toFixed(0)} s, ${(stats.save.length / seconds).toFixed(1)} saves/s on average. Run ${new Date().toISOString()}.`,
      '',
      '| request | count | p50 | p95 | p99 | max |',
      '| --- | --- | --- | --- | --- | --- |',
      row('quiz page (GET)', sorted.view),
      row('start attempt (POST)', sorted.start),
      row('attempt page (GET)', sorted.page),
      row('**answer save (PUT)**', sorted.save),
      row('hand in (POST submit)', sorted.submit),
      '',
      `Errors (non-2xx or network): ${failed}. Status codes: ${JSON.stringify(stats.statuses)}.`,
      '',
      'No answer lost (the database against the acknowledged saves):',
      '',
      '| (attempt, question) acknowledged | held the last acknowledged answer | lost | answer rows | attempts | students | handed in | timed out | passed |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      `| ${v.checked} | ${v.checked - v.lost} | ${v.lost} | ${v.stored} | ${v.attempts} | ${v.students} | ${v.finished} | ${v.timed_out} | ${ok ? 'yes' : '**NO**'} |`,
    ];
    if (failed) lines.push('', `Errors (first 5 of ${failed}):`, '', ...stats.errors.slice(0, 5).map((e) => `- ${e}`));
    lines.push('');
    if (resultsFile) await fs.writeFile(resultsFile, `# Kelasku benchmark: exam start\n\n${lines.join('\n')}`);
    return lines;
  });
}

runWhenMain(import.meta.url, run);
