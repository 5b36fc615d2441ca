import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, it } from 'vitest';
import { useAddressUpdate } from './use-list-search';

/** Two values committed in one go, as two filters whose typing pauses end together, and the address shown. */
function TwoFilters() {
  const { update } = useAddressUpdate();
  const location = useLocation();
  return (
    <>
      <button
        onClick={() => {
          update({ user: 'kim@' });
          update({ id: '100', page: null });
        }}
      >
        Commit both
      </button>
      <output>{location.search}</output>
    </>
  );
}

it('keeps every value updated before the page renders again, not only the last', async () => {
  render(
    <MemoryRouter initialEntries={['/alllicenses?page=3&type=Battery']}>
      <TwoFilters />
    </MemoryRouter>,
  );
  await act(async () => screen.getByRole('button', { name: 'Commit both' }).click());
  expect(new URLSearchParams(screen.getByRole('status').textContent!)).toEqual(new URLSearchParams('type=Battery&user=kim%40&id=100'));
});
