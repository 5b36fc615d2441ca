import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded page or its data arrives. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
