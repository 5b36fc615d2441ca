import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import * as accountDeletion from '../../functions/domain/accounts/account-deletion';
import { counterDifferences } from '../../functions/domain/counted-records';
import { findLicense, licenseListOf, sharedUserIds } from '../../functions/domain/licenses/licenses.repository';
import { userDataRegistry } from '../../functions/domain/domains';
import { findUserById } from '../../functions/domain/users/users.repository';
import { documentClient } from '../../functions/lib/db/table';
import type { UserDataFate } from '../../functions/lib/user-data';
import { asUnit, callApi, createConfirmedUser } from '../support/api';
import { curveFile, curveText, uploadCurve } from '../support/iv-curves';
import { licCall, storeLicense, storeReservation, withUserId } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

const runDeletionJob = () => asUnit({ job: 'delete-accounts' }, () => accountDeletion.runDeletionJob());
const asLic = <T>(work: () => Promise<T>) => asUnit({ endpoint: 'lic' }, work);
const customer = () => createConfirmedUser().then(withUserId);

/** The fate each entity's declaration gives it (entity name → fate). */
const fates = new Map<string, UserDataFate>(
  userDataRegistry.flatMap((declaration) => declaration.parts.flatMap((part) => part.entities.map((entity) => [entity.entityName, part.fate] as const))),
);

/** Every stored item that names the user in one of its user attributes: id, sub, username or address. */
async function itemsNaming(user: { id: number; sub: string; username: string; email: string }) {
  const env = inject('localStack').functionEnv;
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  await asUnit({ job: 'check-counters' }, async () => {
    do {
      const page = await documentClient.send(new ScanCommand({ TableName: env.TABLE_NAME, ExclusiveStartKey, ConsistentRead: true }));
      for (const item of page.Items ?? []) {
        const ids = [item.user_id, item.owner_id, item.reserved_to, item.by_user_id, item.from_user_id, item.to_user_id, item.requested_by, item.used_by];
        const names = [item.sub, item.username, item.email];
        const shared = Array.isArray(item.shared_users) ? item.shared_users : [];
        if (ids.includes(user.id) || names.includes(user.sub) || names.includes(user.username) || names.includes(user.email) || shared.includes(user.id)) {
          found.push(item);
        }
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  });
  return found;
}

describe("a deleted user's data", () => {
  it('detaches the licenses they own, releases the seats they hold and ends their shares, both ways', async () => {
    const [gone, owner, recipient] = await Promise.all([customer(), customer(), customer()]);
    // A license of theirs, in use on their machine and shared with a colleague …
    const own = await storeLicense(gone.id, { license_type_id: 'Pro', valid_from: '2026-01-01', valid_to: undefined });
    expect((await licCall(gone.accessToken, 'share_license', { license_id: own.id, with_user_id: recipient.id })).status).toBe(200);
    await storeReservation(own.id, gone.id, 'gone-machine');
    // … and someone else's license shared with them, whose seat their machine holds.
    const borrowed = await storeLicense(owner.id, { license_type_id: 'Battery' });
    expect((await licCall(owner.accessToken, 'share_license', { license_id: borrowed.id, with_user_id: gone.id })).status).toBe(200);
    await storeReservation(borrowed.id, gone.id, 'gone-machine');

    await callApi('user', { cmd: 'delete_user_account' }, gone.accessToken);
    expect((await runDeletionJob()).deleted).toContain(gone.id);

    // Their own license stays with their id for the records, but serves no one.
    const kept = await asLic(() => findLicense(own.id));
    expect(kept).toMatchObject({ user_id: gone.id, enabled: false, shared_count: 0, shared_users: [] });
    expect(kept?.reserved_to).toBeUndefined();
    expect(kept?.fingerprint).toBeUndefined();
    expect(await asLic(() => sharedUserIds(own.id))).toEqual([]);
    expect((await asLic(() => licenseListOf(recipient.id))).shared).toEqual([]);
    // The owner's license is free again and no longer shared with them.
    const freed = await asLic(() => findLicense(borrowed.id));
    expect(freed?.reserved_to).toBeUndefined();
    expect(freed?.shared_users).toEqual([]);
    const ownerList = await licCall(owner.accessToken, 'get_licenses');
    expect(JSON.stringify(ownerList.body.data)).not.toContain('gone-machine');
    // Their list is gone, and the counters followed every write.
    expect(await asLic(() => licenseListOf(gone.id))).toEqual({ own: [], shared: [], organisations: [] });
    expect(await asUnit({ job: 'check-counters' }, () => counterDifferences())).toEqual([]);
  });

  it('leaves nothing that names the user in the table but what a domain declares to keep, detach or let expire', async () => {
    const [gone, colleague] = await Promise.all([customer(), customer()]);
    const { sub } = (await asUnit({ endpoint: 'user' }, () => findUserById(gone.id)))!;
    // Something in every domain a customer reaches: licenses, shares, seats, products, certificate requests,
    // moves (actions), downloads, EULA acceptances, IV curves.
    const license = await storeLicense(gone.id);
    await licCall(gone.accessToken, 'share_license', { license_id: license.id, with_user_id: colleague.id });
    await storeReservation(license.id, gone.id, 'machine-x');
    const [kept, moved] = [newDevice(), newDevice()];
    await storeDevices(kept, moved);
    expect((await productCall(gone.accessToken, 'register_product', { uid: kept.uid })).status).toBe(200);
    expect((await productCall(gone.accessToken, 'register_product', { uid: moved.uid })).status).toBe(200);
    const address = { address1: 'Storgatan 1', zipCode: '211 34', city: 'Malmö', country: 'Sweden' };
    expect((await productCall(gone.accessToken, 'request_certificate', { uid: kept.uid, ...address })).status).toBe(200);
    const products = (await productCall(gone.accessToken, 'get_products')).body.data as { products: { id: number; uid: string }[] };
    const movedId = products.products.find((product) => product.uid === moved.uid)!.id;
    expect((await productCall(gone.accessToken, 'move_product', { product_id: movedId, to_user_id: colleague.id })).status).toBe(200);
    await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'windows', arch: 'x64' }, gone.accessToken);
    await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0' }, gone.accessToken);
    expect((await uploadCurve(gone.accessToken, curveFile(curveText()))).status).toBe(200);

    const user = { id: gone.id, sub, username: gone.username, email: gone.email };
    const before = await itemsNaming(user);
    expect(new Set(before.map((item) => item._et)).size).toBeGreaterThan(8);

    await callApi('user', { cmd: 'delete_user_account' }, gone.accessToken);
    expect((await runDeletionJob()).deleted).toContain(gone.id);

    const left = (await itemsNaming(user)).map((item) => ({ entity: String(item._et), key: `${item.pk} ${item.sk}`, fate: fates.get(String(item._et)) }));
    expect(left.filter((item) => item.fate === undefined || !['keep', 'detach', 'expire'].includes(item.fate))).toEqual([]);
    // What stays, stays for its declared reason: the detached license, the move in the actions, the deletion line.
    expect(left.map((item) => item.entity)).toEqual(expect.arrayContaining(['license', 'user-action', 'account_deletion']));
  });
});
