import { ForumThreadView } from './ForumThreadView';

/** SPEC §2 teacher forum page: the thread with edit, delete and moderation. */
export default function TeacherForumPage() {
  return <ForumThreadView role="teacher" />;
}
