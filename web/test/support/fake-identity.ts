import type * as Cognito from '../../src/session/cognito';

/**
 * The identity provider (Cognito, web/src/session/cognito.ts) as the component tests fake it: an outside
 * service behind its adapter. The screens here are signed in already (render.tsx); what a screen asks
 * of the provider is answered from `identity`, and anything else fails loudly: signing in, signing up
 * and recovering a password run against the local stack's provider in the browser tests.
 */
export const identity = {
  /** Whether the signed-in user has an authenticator (an admin without one is shown its set-up). */
  hasAuthenticator: true,
};

export function resetIdentity(): void {
  identity.hasAuthenticator = true;
}

const notFaked = (name: string) => async (): Promise<never> => {
  throw new Error(`The fake identity provider does not do ${name}: that flow is a browser test`);
};

export class UnsupportedChallengeError extends Error {}

export const hasAuthenticator: typeof Cognito.hasAuthenticator = async () => identity.hasAuthenticator;
export const signInWithPassword: typeof Cognito.signInWithPassword = notFaked('signInWithPassword');
export const answerAuthenticatorChallenge: typeof Cognito.answerAuthenticatorChallenge = notFaked('answerAuthenticatorChallenge');
export const refreshTokens: typeof Cognito.refreshTokens = notFaked('refreshTokens');
export const startAuthenticatorSetup: typeof Cognito.startAuthenticatorSetup = notFaked('startAuthenticatorSetup');
export const finishAuthenticatorSetup: typeof Cognito.finishAuthenticatorSetup = notFaked('finishAuthenticatorSetup');
export const turnOffAuthenticator: typeof Cognito.turnOffAuthenticator = notFaked('turnOffAuthenticator');
export const revokeRefreshToken: typeof Cognito.revokeRefreshToken = notFaked('revokeRefreshToken');
export const signUp: typeof Cognito.signUp = notFaked('signUp');
export const confirmSignUp: typeof Cognito.confirmSignUp = notFaked('confirmSignUp');
export const resendConfirmationCode: typeof Cognito.resendConfirmationCode = notFaked('resendConfirmationCode');
export const forgotPassword: typeof Cognito.forgotPassword = notFaked('forgotPassword');
export const confirmForgotPassword: typeof Cognito.confirmForgotPassword = notFaked('confirmForgotPassword');
export const changePassword: typeof Cognito.changePassword = notFaked('changePassword');
