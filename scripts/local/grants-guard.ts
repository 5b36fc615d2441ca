import type { FunctionNeeds } from '../../functions/registry';
import { bucketGrants } from '../../functions/lib/files/access';
import { currentRuntime, type FunctionRuntime } from '../../functions/lib/runtime-env';

/** What the SDK client is, as IAM prefixes its actions. */
type Service = 'dynamodb' | 'cognito-idp' | 's3';

/** lib-dynamodb's command names (GetCommand …) and the low-level ones (GetItemCommand …) → IAM actions. */
const dynamoActions: Record<string, string> = {
  Get: 'GetItem',
  GetItem: 'GetItem',
  Put: 'PutItem',
  PutItem: 'PutItem',
  Update: 'UpdateItem',
  UpdateItem: 'UpdateItem',
  Delete: 'DeleteItem',
  DeleteItem: 'DeleteItem',
  Query: 'Query',
  Scan: 'Scan',
  BatchGet: 'BatchGetItem',
  BatchGetItem: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  BatchWriteItem: 'BatchWriteItem',
};
/** A transaction is authorized per item action. */
const transactItemActions: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem', Get: 'GetItem' };

/** Cognito calls authorized by the caller's own token or none (the public client's calls): no IAM. */
const tokenAuthorizedCognito = /^(GetUser|InitiateAuth|RespondToAuthChallenge|SignUp|ConfirmSignUp|ResendConfirmationCode|ForgotPassword|ConfirmForgotPassword|ChangePassword|RevokeToken|GlobalSignOut|UpdateUserAttributes|VerifyUserAttribute|GetUserAttributeVerificationCode|AssociateSoftwareToken|VerifySoftwareToken|SetUserMFAPreference)$/;

/** The IAM actions a call needs. */
function actionsOf(service: Service, operation: string, input: Record<string, unknown>): string[] {
  if (service === 'cognito-idp') return tokenAuthorizedCognito.test(operation) ? [] : [operation];
  if (operation === 'TransactWrite' || operation === 'TransactWriteItems' || operation === 'TransactGet' || operation === 'TransactGetItems') {
    const items = (input.TransactItems ?? []) as Record<string, unknown>[];
    return items.flatMap((entry) => Object.keys(entry).map((kind) => transactItemActions[kind] ?? kind));
  }
  return [dynamoActions[operation] ?? operation];
}

function granted(service: Service, needs: FunctionNeeds): readonly string[] {
  return (service === 'dynamodb' ? needs.table : needs.userPool) ?? [];
}

const MULTIPART_STEPS = new Set(['CreateMultipartUpload', 'UploadPart', 'CompleteMultipartUpload']);

/**
 * An S3 call's action is allowed on the bucket it names only: the unit's registry `files` give it the
 * bucket (whose name is in the unit's environment) and the action among the bucket's operations.
 */
function deniedOnBucket(runtime: FunctionRuntime, operation: string, input: Record<string, unknown>): string[] {
  const allowed = (action: string, bucket: unknown) => {
    const grant = bucketGrants(runtime.needs.files).find((g) => runtime.env[g.env] === bucket);
    return grant && (grant.actions as string[]).includes(action) ? [] : [`${action} on ${String(bucket)}`];
  };
  // IAM authorizes a copy with s3:GetObject on the source ("{bucket}/{key}") and s3:PutObject on the target.
  if (operation === 'CopyObject') return [...allowed('s3:GetObject', String(input.CopySource).split('/')[0]), ...allowed('s3:PutObject', input.Bucket)];
  // IAM authorizes reading an object's metadata (HeadObject) with s3:GetObject, and the steps of a
  // multipart upload with s3:PutObject.
  return allowed(`s3:${operation === 'HeadObject' ? 'GetObject' : MULTIPART_STEPS.has(operation) ? 'PutObject' : operation}`, input.Bucket);
}

interface MiddlewareStackLike {
  middlewareStack: {
    add(
      middleware: (next: (args: { input: unknown }) => Promise<unknown>, context: { commandName?: string }) => (args: { input: unknown }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/**
 * Plays IAM for the local stack: a call made while a unit runs (runtime-env) needs the action among
 * the unit's registry needs, or it fails with AccessDeniedException as in AWS. So a grant missing from
 * the registry fails the local tests, not the first deployment.
 */
export function guardClient(client: { middlewareStack: object }, service: Service): void {
  // Per unit and operation, whether it is granted: the check runs on every call of the local API.
  const grantedOperations = new WeakMap<FunctionNeeds, Set<string>>();
  (client as MiddlewareStackLike).middlewareStack.add(
    (next, context) => async (args) => {
      const runtime = currentRuntime();
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      if (runtime && service === 's3') {
        const denied = deniedOnBucket(runtime, operation, (args.input ?? {}) as Record<string, unknown>);
        if (denied.length) {
          throw Object.assign(new Error(`local/${runtime.name} is not authorized to perform: ${denied.join(', ')}`), { name: 'AccessDenied' });
        }
      } else if (runtime && !grantedOperations.get(runtime.needs)?.has(operation)) {
        const allowed = granted(service, runtime.needs);
        const actions = actionsOf(service, operation, (args.input ?? {}) as Record<string, unknown>);
        const denied = actions.filter((action) => !allowed.includes(action));
        // A transaction's actions depend on its items: only single operations are remembered.
        if (!denied.length && !/^Transact/.test(operation)) {
          const known = grantedOperations.get(runtime.needs) ?? new Set<string>();
          grantedOperations.set(runtime.needs, known.add(operation));
        }
        if (denied.length) {
          throw Object.assign(new Error(`local/${runtime.name} is not authorized to perform: ${denied.map((a) => `${service}:${a}`).join(', ')}`), {
            name: 'AccessDeniedException',
          });
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'portalLocalGrants' },
  );
}
