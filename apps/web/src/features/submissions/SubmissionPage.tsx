import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function SubmissionPage() {
  return <Title order={2}>Submission Detail</Title>;
}
