import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { cognito, isUserNotFound } from '../lib/cognito';
import { EmailClaimEntity } from '../lib/db/entities';
import { logger } from '../lib/logger';

/** The text Cognito wraps into UserLambdaValidationException; the SPA shows "Email already exists". */
export const EMAIL_IN_USE = 'Email already exists';

async function cognitoUserExists(userPoolId: string, username: string): Promise<boolean> {
  try {
    const { sdk, client } = await cognito();
    await client.send(new sdk.AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return true;
  } catch (error) {
    if (isUserNotFound(error)) return false;
    throw error;
  }
}

/**
 * Claims the email for the signing-up username, or fails if another existing user holds it.
 * A claim left by a sign-up that never completed (its Cognito user is gone) is taken over.
 */
export async function claimEmail(userPoolId: string, email: string, username: string): Promise<boolean> {
  const key = { email };
  const { Item: current } = await EmailClaimEntity.build(GetItemCommand).key(key).send();
  if (current && current.username !== username && (await cognitoUserExists(userPoolId, current.username))) {
    return false;
  }
  try {
    // The condition makes the claim safe against a concurrent sign-up with the same address.
    await EmailClaimEntity.build(PutItemCommand)
      .item({ ...key, username })
      .options({ condition: current ? { attr: 'username', eq: current.username } : { attr: 'email', exists: false } })
      .send();
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Cognito pre-sign-up trigger: rejects an email address that another account already uses. */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const email = event.request.userAttributes.email;
  if (!email) return event;
  if (!(await claimEmail(event.userPoolId, email, event.userName))) {
    logger.info('Sign-up refused: email in use', { username: event.userName });
    throw new Error(EMAIL_IN_USE);
  }
  return event;
};
