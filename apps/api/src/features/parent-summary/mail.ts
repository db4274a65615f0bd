/**
 * The weekly summary by e-mail (issue 40), with the digest's building blocks (notifications/digest.ts:
 * its transport, WIB dates and HTML escaping). To parents with an e-mail address who keep
 * the summary e-mail on (notification settings, group `parent_summary`), while SMTP_URL is set.
 *
 * At most once per parent and week: a row is claimed (`email_claimed_at`, one conditional update)
 * before its mail is handed to the SMTP server, and `emailed_at` is set once the server took it. A
 * run killed, or an SMTP server lost, between the two leaves the row claimed and unmailed: it is not
 * sent again (the summary is still in the bell and on the Ringkasan page). Rows are read in
 * batches; a mail costs its claim and its mark.
 */
import { sql } from 'drizzle-orm';
import type { App } from '../../types.js';
import { CONNECTIONS, escapeHtml, formatWib, mailTransport, refusedMessage } from '../notifications/digest.js';
import { dayLabel, summarySubject, type SummaryChild, type Week } from './week.js';

const ROW_BATCH = 100;
const MARK_LABELS = { A: 'Alpa', S: 'Sakit', I: 'Izin' } as const;

export interface SummaryMail {
  subject: string;
  text: string;
  html: string;
}

interface Section {
  title: string;
  lines: string[];
}

/** A child's parts of the mail: missing work, new grades, absences (the empty ones left out). */
function sectionsOf(c: SummaryChild): Section[] {
  const sections: Section[] = [];
  if (c.missing.length) {
    sections.push({
      title: `Tugas belum dikumpulkan (${c.missing.length})`,
      lines: c.missing.map((m) => `${m.title} — ${m.class_name}, batas ${formatWib(new Date(m.deadline))}`),
    });
  }
  if (c.new_grades.length) {
    sections.push({
      title: `Nilai baru (${c.new_grades.length})`,
      lines: c.new_grades.map((g) => `${g.title} — ${g.class_name}: ${g.score}`),
    });
  }
  if (c.absences.length) {
    sections.push({
      title: 'Ketidakhadiran',
      lines: c.absences.map((a) => `${dayLabel(a.date)}: ${MARK_LABELS[a.mark]} (${a.count} pertemuan)`),
    });
  }
  return sections;
}

const NOTHING = 'Tidak ada tugas terlewat, nilai baru, atau ketidakhadiran minggu ini.';

/** The mail of one parent's week. */
export function summaryMail(parent: { name: string }, weekStart: string, children: SummaryChild[], publicUrl: string | null): SummaryMail {
  const subject = summarySubject(weekStart);
  const link = publicUrl ? `${publicUrl}/ringkasan` : null;
  const intro = `Berikut ${subject.charAt(0).toLowerCase()}${subject.slice(1)} untuk anak Anda di Kelasku.`;
  const outro = link ? `Lihat di Kelasku: ${link}` : 'Buka Kelasku, menu Ringkasan, untuk melihatnya kembali.';
  const footer = 'Email ini dikirim otomatis oleh Kelasku setiap minggu. Anda dapat menghentikannya di Pengaturan akun orang tua.';
  const parts = children.map((c) => ({ name: c.student.name, sections: sectionsOf(c) }));

  const text = [
    `Yth. ${parent.name},`,
    '',
    intro,
    ...parts.flatMap((p) => [
      '',
      p.name,
      ...(p.sections.length ? p.sections.flatMap((s) => [`${s.title}:`, ...s.lines.map((l) => `- ${l}`)]) : [NOTHING]),
    ]),
    '',
    outro,
    '',
    '--',
    footer,
    '',
  ].join('\n');

  const htmlSection = (s: Section) =>
    `<p style="margin:8px 0 4px"><strong>${escapeHtml(s.title)}</strong></p>\n<ul style="padding-left:20px;margin:0">\n${s.lines
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join('\n')}\n</ul>`;
  const html = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Kelasku</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<p>Yth. ${escapeHtml(parent.name)},</p>
<p>${escapeHtml(intro)}</p>
${parts
  .map(
    (p) =>
      `<h3 style="margin:16px 0 4px">${escapeHtml(p.name)}</h3>\n${p.sections.length ? p.sections.map(htmlSection).join('\n') : `<p>${escapeHtml(NOTHING)}</p>`}`,
  )
  .join('\n')}
<p>${link ? `<a href="${escapeHtml(link)}">Lihat di Kelasku</a>` : escapeHtml(outro)}</p>
<p style="color:#888;font-size:12px">${escapeHtml(footer)}</p>
</body></html>
`;
  return { subject: `Kelasku: ${subject}`, text, html };
}

type Pending = {
  id: number;
  name: string;
  email: string;
  week_start: string;
  body: { children: SummaryChild[] };
};

/** This week's rows not claimed yet whose parent wants the mail, after `afterId`, in id order. */
async function pendingAfter(app: App, week: Week, afterId: number): Promise<Pending[]> {
  const { rows } = await app.db.execute<Pending>(sql`
    select ps.id, u.name, u.email, to_char(ps.week_start, 'YYYY-MM-DD') as week_start, ps.body
    from parent_summaries ps join users u on u.id = ps.parent_id and u.status = 1
    left join notification_settings ns on ns.user_id = ps.parent_id
    where ps.week_start = ${week.start}::date and ps.id > ${afterId} and ps.email_claimed_at is null
      and u.email is not null and u.email <> '' and not coalesce('parent_summary' = any(ns.email_off), false)
    order by ps.id limit ${ROW_BATCH}`);
  return rows;
}

/** Claims the row for this run; false when another run has it. */
async function claim(app: App, id: number): Promise<boolean> {
  const { rows } = await app.db.execute(
    sql`update parent_summaries set email_claimed_at = now() where id = ${id} and email_claimed_at is null returning id`,
  );
  return rows.length === 1;
}

/**
 * Mails this week's unclaimed summaries; returns how many went out. Without SMTP_URL it does
 * nothing. Throws when the SMTP server cannot be used (the job fails; pg-boss runs it again, and the
 * rows not claimed yet go then); a refused recipient is logged and skipped.
 */
export async function mailSummaries(app: App, week: Week): Promise<number> {
  const { smtpUrl, mailFrom, publicUrl } = app.config;
  if (!smtpUrl) return 0;
  const transport = mailTransport(smtpUrl, mailFrom);
  let sent = 0;
  let fatal: unknown = null;
  try {
    for (let afterId = 0; !fatal;) {
      const queue = await pendingAfter(app, week, afterId);
      if (queue.length === 0) break;
      afterId = queue[queue.length - 1]!.id;
      const worker = async () => {
        for (let row = queue.shift(); row && !fatal; row = queue.shift()) {
          if (!(await claim(app, row.id))) continue;
          const mail = summaryMail(row, row.week_start, row.body.children, publicUrl);
          try {
            await transport.sendMail({
              to: { name: row.name, address: row.email },
              ...mail,
              headers: { 'Auto-Submitted': 'auto-generated' },
            });
          } catch (err) {
            if (!refusedMessage(err)) fatal ??= err;
            else app.log.warn({ err, summaryId: row.id }, 'weekly summary: message refused');
            continue;
          }
          await app.db.execute(sql`update parent_summaries set emailed_at = now() where id = ${row.id}`);
          sent++;
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    }
  } finally {
    transport.close();
  }
  if (fatal) {
    app.log.error({ err: fatal, sent }, 'weekly summary: e-mail failed');
    throw fatal;
  }
  return sent;
}
