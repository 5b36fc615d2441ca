import { Center, Loader } from '@mantine/core';

/**
 * Shown while a lazily loaded page or its data arrives: a progress bar of no known length, so its name
 * "Loading" is read out (a bare span may not carry a name).
 */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader size="sm" role="progressbar" aria-label="Loading" />
    </Center>
  );
}
