import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import type { TestContext } from './helpers.js';

/** Paths of the forum endpoints for a teacher (`/api/teacher/online-classes`) or a student (`/api/student/my-classes`). */
export const forumPaths = (area: 'teacher' | 'student', classId: number, lessonId: number) => {
  const content = `/api/${area}/${area === 'teacher' ? 'online-classes' : 'my-classes'}/${classId}/contents/${lessonId}`;
  const forum = (forumId: number | string) => `${content}/forums/${forumId}`;
  return {
    forums: `${content}/forums`,
    forum,
    comments: (forumId: number | string) => `${forum(forumId)}/comments`,
    comment: (forumId: number | string, commentId: number | string) => `${forum(forumId)}/comments/${commentId}`,
    replies: (forumId: number | string, commentId: number | string) => `${forum(forumId)}/comments/${commentId}/sub-comments`,
  };
};

/**
 * A class scene with a forum opened by its teacher, plus what nested-id checks need: a second
 * content of the same class with its own forum and comment, and a second class of the same
 * rombel (reachable by the student) with a content of its own.
 */
export async function forumScene(t: TestContext) {
  const scene = await t.factory.classScene();
  const { teacher, klass, content, otherLesson, otherTeacher } = scene;
  const forum = await t.factory.forum(content.id, teacher.id, { topic: 'Topologi jaringan', description: 'Bahas topologi star.' });
  const sibling = await t.factory.content(klass.id);
  const siblingForum = await t.factory.forum(sibling.id, teacher.id);
  const siblingComment = await t.factory.comment(siblingForum.id, teacher.id, 'Komentar forum lain');
  const otherForum = await t.factory.forum(otherLesson.id, otherTeacher.id);
  const sameRombelClass = await t.factory.onlineClass(teacher.id, { rombelId: 1 });
  const sameRombelLesson = await t.factory.content(sameRombelClass.id);
  return { ...scene, forum, sibling, siblingForum, siblingComment, otherForum, sameRombelClass, sameRombelLesson };
}

/** Gives the user an avatar (a real stored file) and returns its file id. */
export async function giveAvatar(t: TestContext, userId: number): Promise<number> {
  const file = await t.factory.file('foto.png', Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');
  await t.db.update(users).set({ avatarFileId: file.id }).where(eq(users.id, userId));
  return file.id;
}

export const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const signedLink = (fileId: number) => new RegExp(`^/api/files/${fileId}\\?e=\\d+&s=[A-Za-z0-9_-]+$`);
