import { ForumThreadView } from './ForumThreadView';
import { useLiveForumTopic } from '../../live/useLiveTopic';

/** SPEC §2 student forum thread: read, comment, reply, delete one's own comments. */
export default function StudentForumPage() {
  useLiveForumTopic();
  return <ForumThreadView role="student" />;
}
