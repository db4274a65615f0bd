import { ForumThreadView } from './ForumThreadView';
import { useLiveForumTopic } from '../../live/useLiveTopic';

/** SPEC §2 teacher forum page: the thread with edit, delete and moderation. */
export default function TeacherForumPage() {
  useLiveForumTopic();
  return <ForumThreadView role="teacher" />;
}
