import { assignCase, attachFile, commentOnCase, openCase } from '../../functions/domain/cases/cases';
import { casesOf } from '../../functions/domain/cases/cases.repository';

interface Person {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The demo customer's support cases, once, through the paths real ones take: one in every state (New
 * with a log attached, Waiting for user response, Waiting for admin response assigned to the admin,
 * Closed), with comments from both sides and an internal note of support's. Run as the seed unit.
 */
export async function seedDemoCases(demo: Person, admin: Person): Promise<void> {
  if ((await casesOf(demo.id)).length > 0) return;
  const customer = { userId: demo.id, isAdmin: false };
  const support = { userId: admin.id, isAdmin: true };
  const owner = { id: demo.id, name: `${demo.first_name} ${demo.last_name}`.trim(), email: demo.email };

  const closed = await openCase(owner, 'Copy of a calibration certificate', 'Could you send the certificate of my Arc again? I lost the mail.');
  await commentOnCase(closed.id, support, 'Sent to your address on file. Closing the case; write here if it did not arrive.', true);

  const waitingForAdmin = await openCase(owner, 'License not found on my new laptop', 'After moving to a new laptop the app says no license is available.');
  await commentOnCase(waitingForAdmin.id, support, 'Did you return the seat on the old laptop first?', false);
  await commentOnCase(waitingForAdmin.id, customer, 'The old laptop is broken, I cannot return it from there.', false);
  await commentOnCase(waitingForAdmin.id, support, 'Release the seat from All licenses once we know which license it is.', false, { internal: true });
  await assignCase(waitingForAdmin.id, support, admin.id);

  const waitingForUser = await openCase(owner, 'Which firmware for an Arc rev B?', 'My unit says hardware version B. Which firmware should I install?');
  await commentOnCase(waitingForUser.id, support, 'The latest Arc firmware supports rev B. Does the update start for you?', false);

  const isNew = await openCase(owner, 'Logger stops after an hour', 'Recording stops at 60 minutes every time. The log is attached.');
  await attachFile(isNew.id, customer, 'recording.log', new TextEncoder().encode('12:00:00 start\n13:00:00 buffer full, stopping\n'));
}
