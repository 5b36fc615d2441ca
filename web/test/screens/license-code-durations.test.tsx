import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licAdminContract, type LicenseCodeRow } from '../../../shared/contract/lic.admin';
import { api } from '../support/fake-api';
import { ADMIN, answerLicenseCatalogue, answerProfile, licenseCodeRow } from '../support/fixtures';
import { renderScreen } from '../support/render';

/** /listcodes shows a code's duration as people say it ("6 months"), never the stored ISO period. */

const code = (id: number, fields: Partial<LicenseCodeRow>): LicenseCodeRow => licenseCodeRow({ id, ...fields });

describe('the license code list', () => {
  it('reads each duration in words, and shows none for a campaign code', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_license_codes', {
      codes: [
        code(4, { duration: 'P6M' }),
        code(3, { duration: 'P1Y' }),
        code(2, { duration: 'P30D' }),
        code(1, { single_usage: false, duration: null, valid_from: '2026-03-01', valid_to: '2026-04-01' }),
      ],
      count: 4,
    });
    await renderScreen('/listcodes', { as: 'admin', title: 'License codes' });
    const table = await screen.findByRole('table', { name: 'License codes' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    const column = headers.findIndex((header) => header?.startsWith('Duration'));
    expect(column).toBeGreaterThan(0);
    const durations = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[column]?.textContent);
    expect(durations).toEqual(['6 months', '1 year', '30 days', '']);
    expect(within(table).queryByText(/^P\d/)).toBeNull();
  });
});
