import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAccessToken, loadIdentityProvider } from '../../../session/session';

/**
 * The signed-in user's authenticator (TOTP second factor), through Cognito's own calls with the access
 * token: whether it is on, adding one, turning it off.
 */

type IdentityProvider = Awaited<ReturnType<typeof loadIdentityProvider>>;

async function withIdentityProvider<T>(work: (provider: IdentityProvider, accessToken: string) => Promise<T>): Promise<T> {
  const [provider, accessToken] = await Promise.all([loadIdentityProvider(), getAccessToken()]);
  return work(provider, accessToken);
}

export const authenticatorQueryKey = ['authenticator'] as const;

/** Whether the user signs in with an authenticator. */
export const useHasAuthenticator = () =>
  useQuery({
    queryKey: authenticatorQueryKey,
    queryFn: () => withIdentityProvider((provider, token) => provider.hasAuthenticator(token)),
  });

/** A new secret for the app to store; the authenticator counts only once a code from it is checked. */
export const startAuthenticatorSetup = (): Promise<string> =>
  withIdentityProvider((provider, token) => provider.startAuthenticatorSetup(token));

/**
 * Checks the first code and turns the second factor on. Every query is fetched again: an admin's pages
 * were refused until now.
 */
export function useFinishAuthenticatorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => withIdentityProvider((provider, token) => provider.finishAuthenticatorSetup(token, code)),
    onSuccess: async () => {
      queryClient.setQueryData(authenticatorQueryKey, true);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authenticatorQueryKey[0] });
    },
  });
}

export function useTurnOffAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withIdentityProvider((provider, token) => provider.turnOffAuthenticator(token)),
    onSuccess: () => queryClient.setQueryData(authenticatorQueryKey, false),
  });
}
