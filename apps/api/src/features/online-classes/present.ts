import type { ClassDetail, ClassSummary } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import type { ClassRow, RosterRow } from './queries.js';

/** A class as the lists show it: rombel, teacher and subject, no students. */
export function toClassSummary(files: FileService, { klass, rombelName, teacherName, teacherAvatar, subject }: ClassRow): ClassSummary {
  return {
    id: klass.id,
    name: klass.name,
    description: klass.description,
    rombel: { id: klass.rombelClassId, name: rombelName },
    teacher: { id: klass.teacherId, name: teacherName, avatar: files.url(teacherAvatar) },
    created_at: klass.createdAt.toISOString(),
    updated_at: klass.updatedAt.toISOString(),
    archived_at: klass.archivedAt?.toISOString() ?? null,
    /** Of the teaching assignment owning the class; null for a class made by hand. */
    subject: subject?.id ? subject : null,
  };
}

/** A class as its page shows it: the summary and the students of its rombel. */
export function toClassDetail(files: FileService, { row, roster }: { row: ClassRow; roster: RosterRow[] }): ClassDetail {
  const data = roster.map((s) => ({ id: s.id, name: s.name, nis: s.nis, avatar: files.url(s.avatar) }));
  return { ...toClassSummary(files, row), students: { data, total: data.length } };
}
