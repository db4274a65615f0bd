import { useEffect } from 'react';
import { Center, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { preloadSignedIn } from './preload';
import { OfflineBanner } from '../components/OfflineBanner';

export function LoginLayout() {
  // While the visitor types, what the pages after the login need comes in the background.
  useEffect(() => preloadSignedIn(), []);
  return (
    <Center mih="100vh" bg="teal.0">
      <OfflineBanner />
      <Container size={420} w="100%">
        <Outlet />
      </Container>
    </Center>
  );
}
