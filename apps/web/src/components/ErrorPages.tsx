import { Button, Center, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

function ErrorPage({ text }: { text: string }) {
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1}>{text}</Title>
        <Button component={Link} to="/">
          Kembali ke Beranda
        </Button>
      </Stack>
    </Center>
  );
}

export const PermissionDeniedPage = () => <ErrorPage text="Permission Denied :(" />;
export const NotFoundPage = () => <ErrorPage text="Not Found :(" />;
