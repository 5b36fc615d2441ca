import { addDays, formatISO } from 'date-fns';
import type { AddonId, LicenseTypeId } from '../../shared/licenses/catalog';
import { withCall } from '../../functions/lib/call-context';
import type { DeviceInput } from '../../functions/domain/devices/device-import.rules';
import { findDevice, importDevicesOrThrow } from '../../functions/domain/devices/devices.repository';
import { recordDownload } from '../../functions/domain/downloads/downloads.repository';
import { createLicense, moveLicense, setLicenseAddons, setLicenseEnabled, updateLicenseTerms, type LicenseRecord } from '../../functions/domain/licenses/licenses.repository';
import { findProductByUid, registerProduct } from '../../functions/domain/products/products.repository';
import { createUser, findUserBySub, setUserLegacy, type UserRecord } from '../../functions/domain/users/users.repository';

/** How many customers the demo adds beside `demo`, so the admin users screens have a list to page, sort and filter. */
export const DEMO_CUSTOMERS = 48;

const FIRST = ['Alva', 'Bruno', 'Chen', 'Dalia', 'Emil', 'Fatima', 'Gustav', 'Hana', 'Ivo', 'Jonna', 'Karim', 'Lea', 'Mateo', 'Nora', 'Oskar', 'Priya'];
const LAST = ['Andersson', 'Berg', 'Costa', 'Dahl', 'Eklund', 'Fischer', 'Garcia', 'Holm', 'Ito', 'Jensen', 'Kowalski', 'Lind', 'Moreau', 'Nilsson', 'Okafor', 'Petrov', 'Quist'];
const COMPANIES = ['Northwind Power', 'Sollentuna Labs', 'Voltaic Systems', 'Blue Fjord IoT', 'Meridian Devices', 'Kestrel Robotics', 'Tundra Sensors', ''];
/** What each customer holds, by their number modulo this list: licenses by type and registered units. */
const HOLDINGS: { licenses: LicenseTypeId[]; units: ('Arc' | 'Ace')[] }[] = [
  { licenses: ['Pro'], units: ['Arc'] },
  { licenses: ['Automation', 'Battery'], units: [] },
  { licenses: [], units: [] },
  { licenses: ['Pro', 'Pro', 'Automation'], units: ['Arc', 'Ace'] },
  { licenses: ['Battery'], units: ['Ace'] },
  { licenses: ['All'], units: [] },
];
const VERSIONS = [
  { client_version: '3.2.1', os: 'windows', arch: 'x64' },
  { client_version: '3.2.1', os: 'macos', arch: 'arm64' },
  { client_version: '3.1.0', os: 'linux', arch: 'x64' },
];

/** The demo customers' own units: produced units of their own (the demo's units stay demo's). */
const customerUnit = (n: number, product_id: 'Arc' | 'Ace'): DeviceInput => {
  const serial_no = `${product_id.toUpperCase()}-${String(5000 + n).padStart(6, '0')}`;
  return {
    uid: `${product_id.toUpperCase()}${String(0x2b3c4d00 + n * 13).toUpperCase()}`,
    serial_no,
    product_id,
    hardware_version: product_id === 'Arc' ? '1.3' : '2.1',
    ems_id: `EMS-${5000 + n}`,
    ean: product_id === 'Arc' ? '7350063470017' : '7350063470024',
    certificates: [],
    calibration: [],
  };
};

let requests = 0;
/** Runs a domain write as the admin's cmd would: its audit entry names the admin, the cmd and a request id. */
const asAdminCmd = <T>(admin: { id: number }, endpoint: string, cmd: string, work: () => Promise<T>) =>
  withCall({ endpoint, cmd, request_id: `demo-seed-${++requests}`, actor_user_id: admin.id }, work);

/**
 * The demo's other customers (only once: a data folder that has them keeps them as they are): people of
 * a few companies, some with the newsletter, holding licenses and units in various mixes (their counts on
 * the users list), downloads of the desktop app by them and by `demo`, and a history of admin actions
 * made through the same domain writes the admin cmds make (audit entries on /audit, on their user details
 * and in their licenses' History). The users exist only in the table, not in the user pool, as the
 * scale seed's: nobody signs in as them. Run as the seed unit.
 */
export async function seedDemoCustomers(demo: { id: number }, admin: { id: number }, today = new Date()): Promise<void> {
  if (await findUserBySub('demo-customer-1')) return;
  const day = (days: number) => formatISO(addDays(today, days), { representation: 'date' });
  const audit = { audited: true };
  const customers: UserRecord[] = [];
  for (let n = 1; n <= DEMO_CUSTOMERS; n++) {
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[(n * 7) % LAST.length]!;
    customers.push(
      await createUser(
        {
          sub: `demo-customer-${n}`,
          username: `${first}.${last}${n}`.toLowerCase(),
          email: `${first}.${last}${n}@example.com`.toLowerCase(),
          first_name: first,
          last_name: last,
          company: COMPANIES[n % COMPANIES.length]!,
          accepted_marketing: n % 3 === 0,
        },
        addDays(today, -400 + n * 7),
      ),
    );
  }

  // Holdings: every license an admin's create_license (audited), every unit registered as the desktop app registers it.
  const created: LicenseRecord[] = [];
  const units: DeviceInput[] = [];
  for (const [index, customer] of customers.entries()) {
    const holding = HOLDINGS[index % HOLDINGS.length]!;
    for (const license_type_id of holding.licenses) {
      created.push(
        await asAdminCmd(admin, 'lic/5', 'create_license', () =>
          createLicense({ user_id: customer.id, license_type_id, license_usage_id: 4, valid_from: day(-120 + index), valid_to: day(245 + index) }, today, audit),
        ),
      );
    }
    units.push(...holding.units.map((product) => customerUnit(units.length + 1, product)));
  }
  await importDevicesOrThrow(units);
  let next = 0;
  for (const [index, customer] of customers.entries()) {
    for (const _ of HOLDINGS[index % HOLDINGS.length]!.units) {
      const uid = units[next++]!.uid;
      const device = await findDevice(uid);
      if (device && !(await findProductByUid(uid))) await registerProduct(device, customer.id);
    }
  }

  // More of the admin's actions: an edit, a disable, an add-on, a move, legacy purchases allowed.
  const [first, second, third] = created;
  if (first) await asAdminCmd(admin, 'lic/5', 'update_license', () => updateLicenseTerms(first, { license_usage_id: 2, valid_to: day(400) }, audit));
  if (second) await asAdminCmd(admin, 'lic/5', 'disable_license', () => setLicenseEnabled(second, false, audit));
  const pro = created.find((license) => license.license_type_id === 'Pro' && license !== first);
  if (pro) await asAdminCmd(admin, 'lic/5', 'add_license_addon', () => setLicenseAddons(pro, [{ id: 'Automation' as AddonId }], audit));
  if (third) await asAdminCmd(admin, 'lic/5', 'move_license', () => moveLicense(third, customers[7]!.id, admin.id, today));
  await asAdminCmd(admin, 'user', 'set_user_legacy', () => setUserLegacy(customers[3]!.sub, true, audit));

  // Downloads of the desktop app: demo's and every third customer's, over the last months.
  for (const [index, userId] of [demo.id, ...customers.filter((_, i) => i % 3 === 0).map((customer) => customer.id)].entries()) {
    for (let k = 0; k < 1 + (index % 3); k++) await recordDownload(userId, VERSIONS[(index + k) % VERSIONS.length]!, addDays(today, -(index * 5 + k * 17)));
  }
}
