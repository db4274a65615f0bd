/**
 * Pieces of bench/exam-start.mjs: a timing HTTP client, the answers a student gives, and the check
 * that nothing was lost.
 */

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
export const pick = (list) => list[Math.floor(Math.random() * list.length)];
const shuffled = (list) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** fetch with a bearer token, timed into `bucket`; statuses counted, anything not 2xx kept as an error. */
export function makeClient(base) {
  let times = {};
  let statuses = {};
  let errors = [];
  const count = (key) => (statuses[key] = (statuses[key] ?? 0) + 1);
  return {
    get statuses() {
      return statuses;
    },
    get errors() {
      return errors;
    },
    reset() {
      times = {};
      statuses = {};
      errors = [];
    },
    sorted: (bucket) => [...(times[bucket] ?? [])].sort((a, b) => a - b),
    summary() {
      const p95 = (k) => percentile(this.sorted(k), 95);
      return (
        ['start', 'save', 'board']
          .filter((k) => times[k]?.length)
          .map((k) => `${k} ${times[k].length} (p95 ${p95(k).toFixed(0)} ms)`)
          .join(', ') + `, ${errors.length} errors`
      );
    },
    async call(bucket, token, method, url, body) {
      const headers = {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        const json = await res.json().catch(() => null);
        (times[bucket] ??= []).push(performance.now() - t0);
        count(`${bucket} ${res.status}`);
        if (res.status >= 300)
          errors.push(`${bucket} ${method} ${url.replace(/\d+/g, ':id')} ${res.status} ${JSON.stringify(json).slice(0, 160)}`);
        return { status: res.status, json };
      } catch (err) {
        count(`${bucket} network`);
        errors.push(`${bucket} ${method} ${String(err.cause ?? err)}`);
        return { status: 0, json: null };
      }
    },
  };
}

/** A random answer to a question as the attempt page shows it. */
export function answerFor(q) {
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
export function asStored(q, answer) {
  if (q.type !== 'matching') return answer;
  const pairOfText = new Map(['Router', 'Switch', 'Hub'].map((l, j) => [`Fungsi ${l}`, `pair${j}000`]));
  const textOf = new Map(q.right.map((r) => [r.id, r.text]));
  return { matches: Object.fromEntries(Object.entries(answer.matches).map(([l, r]) => [l, pairOfText.get(textOf.get(r))])) };
}

// jsonb orders an object's keys its own way: compare with sorted keys.
const canonical = (v) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
        .join(',')}}`
    : JSON.stringify(v);

/**
 * The database against what the server acknowledged: the last acknowledged answer of every
 * (attempt, question); one attempt per student, of their rombel's quiz, handed in, bound to the
 * session that started it (exam mode) with its token claim; the acknowledged leaves counted.
 */
export async function verifyExam(db, { rooms, attempts, examMode, students }) {
  const quizzes = rooms.map((r) => r.quiz);
  const { rows } = await db.query(
    `select qa.attempt_id, qa.question_id, qa.answer from quiz_answers qa join quiz_attempts a on a.id = qa.attempt_id where a.quiz_id = any($1::int[])`,
    [quizzes],
  );
  const stored = new Map(rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r.answer]));
  let checked = 0;
  let lost = 0;
  let leavesAcked = 0;
  for (const [attempt, { acked, leaves }] of attempts) {
    leavesAcked += leaves;
    for (const [q, answer] of acked) {
      checked++;
      if (canonical(answer) !== canonical(stored.get(`${attempt}:${q}`))) lost++;
    }
  }
  const quizOf = new Map(rooms.flatMap((r) => r.students.map((st) => [st.id, r.quiz])));
  const { rows: perStudent } = await db.query(
    `select a.student_id, count(*)::int as n, min(a.quiz_id) as quiz_id,
            bool_and(a.finished_at is not null) as finished,
            bool_and(a.session_id is not null and exists (select 1 from auth_tokens t where t.id = a.session_id and t.user_id = a.student_id)) as bound,
            sum(a.leave_count)::int as leaves
       from quiz_attempts a where a.quiz_id = any($1::int[]) group by a.student_id`,
    [quizzes],
  );
  const claims = examMode
    ? (
        await db.query(`select count(*)::int as n from quiz_token_claims where quiz_id = any($1::int[]) and attempt_id is not null`, [
          quizzes,
        ])
      ).rows[0].n
    : 0;
  const oneAttempt = perStudent.filter((r) => r.n === 1).length;
  const ownQuiz = perStudent.filter((r) => r.n === 1 && quizOf.get(r.student_id) === r.quiz_id).length;
  const finished = perStudent.filter((r) => r.finished).length;
  const bound = perStudent.filter((r) => r.bound).length;
  const leavesCounted = perStudent.reduce((a, r) => a + r.leaves, 0);
  const ok =
    lost === 0 &&
    oneAttempt === students &&
    ownQuiz === students &&
    finished === students &&
    (!examMode || (bound === students && claims === students)) &&
    leavesAcked === leavesCounted;
  return { checked, lost, expectedStudents: students, oneAttempt, ownQuiz, finished, bound, claims, leavesAcked, leavesCounted, ok };
}
