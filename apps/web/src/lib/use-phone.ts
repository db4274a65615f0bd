import { useMediaQuery } from '@mantine/hooks';

/** A phone-sized screen (up to 48em): dialogs open full screen there. */
export const usePhone = () => useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
