import { addDays, formatISO } from 'date-fns';
import { createCampaignCode, createSingleUseCodes, findCode } from '../../functions/domain/codes/codes.repository';

/** The demo's campaign code: any customer may redeem it once (npm start prints it). */
export const DEMO_CAMPAIGN_CODE = 'DEMO-CAMPAIGN';

const day = (today: Date, days: number) => formatISO(addDays(today, days), { representation: 'date' });

/**
 * License codes made by the demo admin, as the code generator makes them: a campaign code open for a
 * year (a Battery license until the campaign ends) and three single-use codes of six months' Automation,
 * so /listcodes has codes in both kinds and a customer can redeem one. Once: kept when the campaign
 * code exists. Run as the seed unit.
 */
export async function seedDemoCodes(adminId: number, today = new Date()): Promise<void> {
  if (await findCode(DEMO_CAMPAIGN_CODE)) return;
  const terms = { user_id: adminId, license_usage_id: 4 };
  await createCampaignCode(
    DEMO_CAMPAIGN_CODE,
    { ...terms, description: 'Demo campaign: a Battery license to the end of the campaign', license_type_id: 'Battery', valid_from: day(today, -30), valid_to: day(today, 335) },
    today,
  );
  await createSingleUseCodes(3, { ...terms, description: 'Demo: six months of Automation', license_type_id: 'Automation', duration: 'P6M' }, today);
}
