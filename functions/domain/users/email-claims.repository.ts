import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { isConditionFailure } from '../../lib/db/table';
import { EmailClaimEntity } from './email-claim.entity';
import { claimHolds, type ClaimHolder } from './email-claim.rules';

/** Who holds `email`, if anyone claimed it. */
export async function findClaim(email: string) {
  const { Item } = await EmailClaimEntity.build(GetItemCommand).key({ email }).send();
  return Item ?? null;
}

/**
 * Claims `email` for `username`, or answers false when another account holds it. A claim that no longer
 * holds (claimHolds: its holder is gone, or never proved the address in time) is taken over. The write
 * is conditional on what was read, so two accounts claiming one address at once cannot both succeed.
 */
export async function claimEmail(
  email: string,
  username: string,
  holderOf: (username: string) => Promise<ClaimHolder | null>,
): Promise<boolean> {
  const current = await findClaim(email);
  if (current && current.username !== username && claimHolds(current, await holderOfClaim(current, holderOf))) return false;
  try {
    await EmailClaimEntity.build(PutItemCommand)
      .item({ email, username })
      .options({ condition: current ? { attr: 'username', eq: current.username } : { attr: 'email', exists: false } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The pre-sign-up trigger claims an address before Cognito writes its account, so a claim seconds old whose
 * holder Cognito does not know may be a sign-up still being made (two sign-ups with one address at once).
 * Its holder is asked again for a moment before the claim counts as one whose account is gone.
 */
const BEING_MADE_MS = 5_000;
const WAIT_FOR_HOLDER_MS = 2_000;
const ASK_AGAIN_MS = 100;

async function holderOfClaim(claim: { username: string; created: string }, holderOf: (username: string) => Promise<ClaimHolder | null>): Promise<ClaimHolder | null> {
  const until = Date.now() + WAIT_FOR_HOLDER_MS;
  for (;;) {
    const holder = await holderOf(claim.username);
    if (holder || Date.now() - Date.parse(claim.created) >= BEING_MADE_MS || Date.now() >= until) return holder;
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
  }
}

/** Frees `email` if `username` still holds it (another account may have taken it over since). */
export async function releaseClaim(email: string, username: string): Promise<void> {
  try {
    await EmailClaimEntity.build(DeleteItemCommand)
      .key({ email })
      .options({ condition: { attr: 'username', eq: username } })
      .send();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
