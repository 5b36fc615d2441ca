import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { api } from '../support/fake-api';
import { ADMIN, adminLicenseRow, answerLicenseCatalogue, answerProfile } from '../support/fixtures';
import { renderScreen, type RenderedScreen } from '../support/render';

/**
 * Every form that asks for a date takes it typed (YYYY-MM-DD) or picked in the calendar that opens
 * below the field, and sends that day: the code generator's campaign window and a license's Valid to
 * (the Add and Edit dialogs share the field). A typed day that does not exist keeps its message
 * (all-licenses.test.tsx); creating codes and editing licenses for real is test/e2e.
 */

/** The calendar's name for a day: what a screen reader reads on its button. */
const dayName = (day: dayjs.Dayjs) => day.format('D MMMM YYYY');
/** A day of this month other than today (the day a field starts with), which the calendar shows then. */
const picked = dayjs().date(dayjs().date() === 15 ? 14 : 15);

/** Opens the field's calendar (it opens when the field is clicked) and picks `day` in it. */
async function pick({ user }: RenderedScreen, field: HTMLElement, day: dayjs.Dayjs) {
  await user.click(field);
  await user.click(await screen.findByRole('button', { name: dayName(day) }));
}

describe('date fields', () => {
  it('send a campaign window with its start picked in the calendar and its end typed', async () => {
    answerProfile({ ...ADMIN, company: 'Test Co' });
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'create_license_codes', { codes: ['SPRING-2030'] });
    const rendered = await renderScreen('/createcodes', { as: 'admin', title: 'License code generator' });
    const { user } = rendered;
    await user.click(await screen.findByRole('radio', { name: 'Unlimited (campaign)' }));
    await user.type(await screen.findByLabelText('Campaign code'), 'SPRING-2030');

    // Valid from starts today: its calendar shows this month.
    const from = screen.getByLabelText('Valid from');
    await pick(rendered, from, picked);
    await waitFor(() => expect(from).toHaveProperty('value', picked.format('YYYY-MM-DD')));

    const to = screen.getByLabelText('Valid to');
    await user.clear(to);
    await user.type(to, '2030-12-31');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('License code generated');
    expect(api.calls(licAdminContract, 'create_license_codes')).toEqual([
      expect.objectContaining({ single_usage: false, code: 'SPRING-2030', valid_from: picked.format('YYYY-MM-DD'), valid_to: '2030-12-31' }),
    ]);
  });

  it('keep what is typed when it is not a day, so the form can say what is wrong', async () => {
    answerProfile({ ...ADMIN, company: 'Test Co' });
    answerLicenseCatalogue();
    const { user } = await renderScreen('/createcodes', { as: 'admin', title: 'License code generator' });
    await user.click(await screen.findByRole('radio', { name: 'Unlimited (campaign)' }));
    const to = await screen.findByLabelText('Valid to');
    await user.clear(to);
    await user.type(to, '31.12.2030');
    await user.tab();
    await screen.findByText('Dates are written YYYY-MM-DD');
    expect(to).toHaveProperty('value', '31.12.2030');
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
  });

  it('send a license’s Valid to picked in the Edit dialog’s calendar', async () => {
    const license = adminLicenseRow({
      id: 300,
      license_type_id: 'Battery',
      // A day of this month, so its calendar opens on this month.
      valid_to: dayjs().date(1).format('YYYY-MM-DD'),
      days: 10,
    });
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [license], count: 1 });
    api.answer(licAdminContract, 'update_license', { license_id: license.id });
    const rendered = await renderScreen('/alllicenses', { as: 'admin', title: 'All licenses' });
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: `Actions for license ${license.id}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit license ${license.id}` });
    const validTo = within(dialog).getByLabelText('Valid to');
    await pick(rendered, validTo, picked);
    await waitFor(() => expect(validTo).toHaveProperty('value', picked.format('YYYY-MM-DD')));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls(licAdminContract, 'update_license')).toEqual([{ license_id: license.id, license_usage_id: 4, valid_to: picked.format('YYYY-MM-DD') }]),
    );
  });
});
