import { ForumThreadView } from './ForumThreadView';

/** SPEC §2 student forum thread: read, comment, reply, delete one's own comments. */
export default function StudentForumPage() {
  return <ForumThreadView role="student" />;
}
