import type { Forget } from '../../lib/user-data';
import { licensesCounted } from './license-figures';
import { licenseKind } from './license.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { ExpiryNoticeEntity } from './expiry-notice.entity';
import { licensesUserDetail } from './license-detail';
import { LicenseShareEntity } from './license-share.entity';
import { LicenseViewEntity } from './license-view.entity';
import { LicenseEntity } from './license.entity';
import { detachLicensesOf } from './licenses.repository';
import { forgetOfflineRequests } from './offline-requests';
import { SeatEventEntity } from './seat-event.entity';
import { OfflineRequestEntity } from './offline-request.entity';
import { FloatingSeatEntity } from './floating-seat.entity';
import { releaseFloatingSeatsOf } from './floating-seats';

/** A deleted user's licenses are detached, their shares and seats released, their offline requests gone. */
export const forgetLicenses: Forget = async (user, now) => {
  await releaseFloatingSeatsOf(user.id, now);
  await detachLicensesOf(user.id, now);
  await forgetOfflineRequests(user.id);
};

/** The licenses domain: licenses owned, shares both ways, seats held, the user's copies, seat events, expiry notices sent. */
export const licensesDomain = {
  domain: 'licenses',
  kinds: [licenseKind],
  counted: licensesCounted,
  parts: [
    {
      what: 'licenses they own (owner id, a seat their machine holds)',
      entities: [LicenseEntity],
      fate: 'detach',
      why: "orders, refunds and subscriptions name them, so they stay, owned by the deleted id: disabled, seat released, shares ended (decision 029); one of an organisation stays enabled, its organisation's owner its owner of record",
    },
    {
      what: 'shares: licenses they shared, and licenses shared with them (a seat they hold on one is released)',
      entities: [LicenseShareEntity],
      fate: 'release',
      why: "a share is the owner's grant to a person who is gone; the owner's seat is theirs to use again",
    },
    { what: 'their copies of their own and shared licenses', entities: [LicenseViewEntity], fate: 'delete', why: 'only their own list reads them' },
    {
      what: "seat history entries naming their id and machine (seats they held or released, times they were turned away)",
      entities: [SeatEventEntity],
      fate: 'expire',
      // A plain text (no template): the user endpoint's bundle then drops this declaration it does not use.
      why: "the license's owner and its organisation's admins read them as the license's seat history (support too); they expire after SEAT_EVENT_RETENTION_DAYS (90 days)",
    },
    {
      what: "floating seats their machines hold (machine name and fingerprint)",
      entities: [FloatingSeatEntity],
      fate: 'release',
      why: "a seat of their own or a shared license is released at once; one of an organisation's license lapses with its lease (minutes, or a borrow's days) and goes to the next member who asks",
    },
    {
      what: 'offline requests they brought for machines without network (machine name, fingerprint and key; the lease given)',
      entities: [OfflineRequestEntity],
      fate: 'delete',
      why: 'only they read them; the seat a lease gave is released with their licenses',
    },
    {
      what: 'the expiry notices mailed to them (which license, which end, which reminder)',
      entities: [ExpiryNoticeEntity],
      fate: 'expire',
      why: "each keeps a reminder from being mailed twice; a detached license gets none, and they expire a while after the license's end",
    },
  ],
  forget: forgetLicenses,
  detail: licensesUserDetail,
} as const satisfies DomainDeclaration;
