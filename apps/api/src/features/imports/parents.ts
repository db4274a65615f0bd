/**
 * Parents from the user import (issue 40): each student row's father, mother and guardian —
 * Dapodik's "Data Ayah / Data Ibu / Data Wali" (Nama, NIK) or the template's "Nama Ayah", "HP Ayah"…
 * — become parent accounts (role 4) linked to the child. One NIK is one account: siblings' rows,
 * or a parent already in Kelasku with that NIK, share it. A child keeps at most
 * MAX_PARENTS_PER_CHILD parents (existing links counted); one more is a warning, not an error.
 */
import { eq, isNotNull } from 'drizzle-orm';
import {
  IMPORT_MSG,
  MAX_PARENTS_PER_CHILD,
  PARENT_RELATIONS,
  PARENT_RELATION_LABELS,
  nameField,
  telponOf,
  type ImportParents,
  type ParentRelation,
} from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { parentLinks, parents, users } from '../../db/schema.js';
import type { FamilyCells } from './header.js';
import type { Cell } from './sheet.js';
import { generatePassword, usernameBase, type PlannedParent, type PlannedRow } from './plan.js';

export type { PlannedParent };

/** A parent already linked to a student. */
interface LinkedParent {
  parentId: number;
  relation: string;
  name: string;
  nik: string | null;
}

/** What the plan needs of the parents already in Kelasku. */
export interface ParentData {
  byNik: Map<string, { userId: number; name: string }>;
  linksByStudent: Map<number, LinkedParent[]>;
}

/** Two queries, whatever the size of the school: the parents with a NIK and every link. */
export async function loadParentData(db: Executor): Promise<ParentData> {
  const withNik = await db
    .select({ userId: parents.userId, nik: parents.nik, name: users.name })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(isNotNull(parents.nik));
  const links = await db
    .select({
      studentId: parentLinks.studentId,
      parentId: parentLinks.parentId,
      relation: parentLinks.relation,
      name: users.name,
      nik: parents.nik,
    })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .leftJoin(parents, eq(parents.userId, parentLinks.parentId));
  const linksByStudent: Map<number, LinkedParent[]> = Map.groupBy(links, (l) => l.studentId);
  return { byNik: new Map(withNik.map((p) => [p.nik!, { userId: p.userId, name: p.name }])), linksByStudent };
}

const cellText = (cell: Cell | undefined) => {
  if (cell === null || cell === undefined) return null;
  const t = (cell instanceof Date ? '' : cell).replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/**
 * Names that stand for no one: "-", "0", ".", "tidak ada", "tidak diketahui", "n/a", "xxx", and a
 * parent who has died ("Alm. Budi", "Almarhumah Siti") — no account for them.
 */
const PLACEHOLDER = /^(?:[-0.x\s/]*|tidak ada|tidak diketahui|tidak tahu|n\/?a|null|none|(?:alm|almh|almarhum|almarhumah)\b.*)$/i;
const sameName = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
/** A NIK is 16 digits; 0000000000000000 is Dapodik's blank. */
const nikOf = (cell: Cell | undefined) => {
  const t = cellText(cell)?.replace(/\s/g, '') ?? '';
  return /^\d{16}$/.test(t) && !/^0+$/.test(t) ? t : null;
};

type Warning = { column: string; message: string };

/** The parents a row names (placeholders skipped), with their NIK and phone; problems as warnings. */
function namedParents(family: FamilyCells, warn: (w: Warning) => void): Omit<PlannedParent, 'parentId' | 'key'>[] {
  const out: Omit<PlannedParent, 'parentId' | 'key'>[] = [];
  for (const relation of PARENT_RELATIONS) {
    const label = PARENT_RELATION_LABELS[relation];
    const raw = cellText(family.cells[`${relation}_name`]);
    if (raw === null || PLACEHOLDER.test(raw)) continue;
    const name = nameField.safeParse(raw);
    if (!name.success) {
      warn({ column: `Nama ${label}`, message: IMPORT_MSG.parentNameInvalid(label) });
      continue;
    }
    const hpText = cellText(family.cells[`${relation}_hp`]);
    let telpon = hpText === null ? null : telponOf(hpText);
    if (hpText !== null && telpon === null && !PLACEHOLDER.test(hpText))
      warn({ column: `HP ${label}`, message: IMPORT_MSG.parentPhoneInvalid(label) });
    // Dapodik has no parent phone: the row's home "Telepon", when it is a number, goes to the father and mother.
    const home = cellText(family.homePhone);
    if (telpon === null && relation !== 'wali' && home !== null) telpon = telponOf(home);
    out.push({ relation, name: name.data, nik: nikOf(family.cells[`${relation}_nik`]), telpon });
  }
  return out;
}

/** "ayah.0081234501" (the child's NISN, else NIS, else name), then "-2", "-3" while taken. */
function parentUsername(relation: ParentRelation, row: PlannedRow, taken: Set<string>): string {
  const d = row.draft!;
  const base = `${relation}.${(d.nisn ?? d.nis ?? usernameBase(d.name)).toLowerCase()}`.slice(0, 45);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * Adds to each good student row the parents it names (`row.parents`), and the parents left out as
 * `row.warnings`. A parent already linked to the child (the same NIK, else the same name and
 * relation) is left as it is, so a file imported again adds no one twice. Answers the counts.
 */
export function planParents(rows: PlannedRow[], family: Map<number, FamilyCells>, data: ParentData, usernames: string[]): ImportParents {
  const taken = new Set([...usernames, ...rows.flatMap((r) => (r.username ? [r.username.toLowerCase()] : []))]);
  const newByNik = new Map<string, string>();
  const counts: ImportParents = { create: 0, existing: 0, links: 0, skipped: 0 };
  for (const row of rows) {
    const cells = family.get(row.line);
    if (!cells || row.action === 'error' || row.role !== 'student' || !row.draft) continue;
    const warnings: Warning[] = [];
    const linked = row.userId === null ? [] : (data.linksByStudent.get(row.userId) ?? []);
    const planned: PlannedParent[] = [];
    for (const p of namedParents(cells, (w) => warnings.push(w))) {
      const already = linked.some((l) => (p.nik !== null && l.nik === p.nik) || (l.relation === p.relation && sameName(l.name, p.name)));
      if (already) continue;
      const existing = p.nik === null ? undefined : data.byNik.get(p.nik);
      const key = existing ? `user:${existing.userId}` : p.nik !== null ? `nik:${p.nik}` : `line:${row.line}:${p.relation}`;
      if (planned.some((q) => q.key === key)) continue; // the father's NIK also in the mother's column
      if (linked.length + planned.length >= MAX_PARENTS_PER_CHILD) {
        warnings.push({
          column: `Nama ${PARENT_RELATION_LABELS[p.relation]}`,
          message: IMPORT_MSG.parentOverLimit(PARENT_RELATION_LABELS[p.relation], p.name, MAX_PARENTS_PER_CHILD),
        });
        counts.skipped++;
        continue;
      }
      const parent: PlannedParent = { ...p, parentId: existing?.userId ?? null, key };
      if (existing) counts.existing++;
      else if (!(p.nik !== null && newByNik.has(p.nik))) {
        parent.account = { username: parentUsername(p.relation, row, taken), password: generatePassword() };
        if (p.nik !== null) newByNik.set(p.nik, key);
        counts.create++;
      }
      planned.push(parent);
      counts.links++;
    }
    if (planned.length) row.parents = planned;
    if (warnings.length) row.warnings = warnings;
  }
  return counts;
}
