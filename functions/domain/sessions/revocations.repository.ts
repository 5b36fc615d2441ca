import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { expiresIn, portalTable } from '../../lib/db/table';
import { ACCOUNT_SCOPE, RevocationEntity, revokedPartition, sessionScope } from './revocation.entity';
import { isRevoked, REVOCATION_KEEP_SECONDS, type TokenFacts } from './revocation.rules';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every revocation of a user's tokens (strongly consistent: a sign-out is seen at the next check). */
async function revocationsOf(sub: string) {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(RevocationEntity)
    .query({ partition: revokedPartition(sub) })
    .options({ consistent: true })
    .send();
  return Items ?? [];
}

/** Whether the API must refuse this token. */
export async function isTokenRevoked(token: TokenFacts): Promise<boolean> {
  return isRevoked(token, await revocationsOf(token.sub));
}

/** Refuses from now on every token of the sign-in `origin` (sign-out). */
export async function revokeSession(sub: string, origin: string): Promise<void> {
  await RevocationEntity.build(PutItemCommand)
    .item({ sub, scope: sessionScope(origin), revoked_at: nowSeconds(), ttl: expiresIn(REVOCATION_KEEP_SECONDS) })
    .send();
}

/** Refuses every token of the account issued until now (account deletion). */
export async function revokeAccount(sub: string): Promise<void> {
  await RevocationEntity.build(PutItemCommand)
    .item({ sub, scope: ACCOUNT_SCOPE, revoked_at: nowSeconds(), ttl: expiresIn(REVOCATION_KEEP_SECONDS) })
    .send();
}
