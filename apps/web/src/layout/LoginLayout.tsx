import { Center, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { OfflineBanner } from './OfflineBanner';

export function LoginLayout() {
  return (
    <Center mih="100vh" bg="teal.0">
      <OfflineBanner />
      <Container size={420} w="100%">
        <Outlet />
      </Container>
    </Center>
  );
}
