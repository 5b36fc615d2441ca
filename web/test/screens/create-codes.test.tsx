import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, answerLicenseCatalogue, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The license code generator's form (/createcodes): its defaults and rules. Generating codes for real,
 * copying them and finding them in the code list is test/e2e/admin-commerce.
 */
async function openGenerator() {
  answerProfile({ ...ADMIN, company: 'Test Co' });
  answerLicenseCatalogue();
  return renderScreen('/createcodes', { as: 'admin', title: 'License code generator' });
}

const generate = () => screen.getByRole('button', { name: 'Generate' });
/** A select's input by its label (its list of options is labelled the same). */
const select = (label: string) => screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');

describe('the license code generator', () => {
  it('starts with Automation, Standard, single use for 1 year, 1 code, and the admin’s company', async () => {
    await openGenerator();
    // The type and usage names arrive with the license catalogue (a call of its own).
    await waitFor(() => expect(select('License type')).toHaveProperty('value', 'Automation'));
    await waitFor(() => expect(select('License usage')).toHaveProperty('value', 'Standard'));
    expect(screen.getByRole('radio', { name: 'Single use' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Duration')).toHaveProperty('value', '1');
    expect(select('Unit')).toHaveProperty('value', 'year');
    expect(screen.getByLabelText('Count')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Test Co');
  });

  it('asks for a count from 1 to 1000 and offers no Generate without one', async () => {
    const { user } = await openGenerator();
    await waitFor(() => expect(screen.getByLabelText('Count')).toHaveProperty('value', '1'));
    await user.clear(screen.getByLabelText('Count'));
    await user.tab();
    await screen.findByText('Count is a whole number from 1 to 1000');
    expect(generate()).toHaveProperty('disabled', true);
  });

  it('gives a campaign its code field instead of the count, and refuses a code with spaces', async () => {
    const { user } = await openGenerator();
    await user.click(await screen.findByRole('radio', { name: 'Unlimited (campaign)' }));
    const code = await screen.findByLabelText('Campaign code');
    expect(screen.queryByLabelText('Count')).toBeNull();
    await user.type(code, 'no spaces allowed');
    await user.tab();
    await screen.findByText('A campaign code is 3 to 40 letters, digits, - or _');
    expect(generate()).toHaveProperty('disabled', true);
  });
});
