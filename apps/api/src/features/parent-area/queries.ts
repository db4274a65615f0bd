/**
 * The SQL of a parent's pages (issue 40) that have no student page to borrow from: the children
 * list and the wali kelas's messages. Everything else a parent sees runs
 * the student's own queries with the child's id (routes.ts).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { homerooms, parentLinks, parentMessages, rombelClasses, semesters, students, users } from '../../db/schema.js';

const homeroomTeacher = alias(users, 'homeroom_teacher');
const sender = alias(users, 'sender');

/**
 * The parent's active children by name: rombel, the rombel's wali kelas in the active semester
 * (null: none), the relation and the avatar's file. One query.
 */
export function childrenOf(db: Db, parentId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      nis: students.nis,
      avatarFileId: users.avatarFileId,
      relation: parentLinks.relation,
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
      homeroomId: homeroomTeacher.id,
      homeroomName: homeroomTeacher.name,
    })
    .from(parentLinks)
    .innerJoin(users, and(eq(users.id, parentLinks.studentId), eq(users.status, 1)))
    .innerJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .leftJoin(semesters, eq(semesters.active, true))
    .leftJoin(homerooms, and(eq(homerooms.semesterId, semesters.id), eq(homerooms.rombelClassId, students.rombelClassId)))
    .leftJoin(homeroomTeacher, eq(homeroomTeacher.id, homerooms.teacherId))
    .where(eq(parentLinks.parentId, parentId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}
export type ChildRow = Awaited<ReturnType<typeof childrenOf>>[number];

/** The wali kelas's messages about the student, newest first, with their sender (null: account gone). One query. */
export function messagesOf(db: Db, studentId: number) {
  return db
    .select({
      id: parentMessages.id,
      studentId: parentMessages.studentId,
      studentName: users.name,
      senderId: sender.id,
      senderName: sender.name,
      body: parentMessages.body,
      createdAt: parentMessages.createdAt,
    })
    .from(parentMessages)
    .innerJoin(users, eq(users.id, parentMessages.studentId))
    .leftJoin(sender, eq(sender.id, parentMessages.senderId))
    .where(eq(parentMessages.studentId, studentId))
    .orderBy(desc(parentMessages.createdAt), desc(parentMessages.id));
}
export type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number];
