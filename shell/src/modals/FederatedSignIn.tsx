import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@tessera/kit';
import { messageOf } from '../forms';
import { logInFederated, type Login } from '../data/member';
import { useSystemStatus } from '../data/status';
import { FormError } from './formState';

/** A sign-in provider the brand enables (`federatedProviders` of the status). */
export interface FederatedProvider {
  provider: string;
  title: string;
  /** Public: the provider's id of the brand, for its sign-in dialog. */
  clientId: string;
}

/**
 * A provider's sign-in dialog. The provider's SDK cannot ship with the shell: the plugin that
 * offers the provider also serves a script which registers this function under
 * `window.tesseraSignIn[provider]`; it shows the provider's dialog and resolves to the credential
 * (an ID token) that the plugin verifies on the server.
 */
export type ProviderSignIn = (clientId: string) => Promise<string>;

declare global {
  interface Window {
    tesseraSignIn?: Record<string, ProviderSignIn | undefined>;
  }
}

export function useFederatedProviders(): FederatedProvider[] {
  const status = useSystemStatus().data as { federatedProviders?: FederatedProvider[] } | undefined;
  return status?.federatedProviders ?? [];
}

/**
 * One button per provider (SPEC §2: optional federated sign-in). The credential goes to
 * POST /wps/session/login/federated; the login that answers goes to ``onLogin``.
 */
export function FederatedSignIn({ onLogin }: { onLogin: (login: Login) => Promise<void> }) {
  const { t } = useTranslation('modals');
  const providers = useFederatedProviders();
  const [error, setError] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: async ({ provider, dialog }: { provider: FederatedProvider; dialog: ProviderSignIn }) =>
      onLogin(await logInFederated(provider.provider, await dialog(provider.clientId))),
    onMutate: () => setError(null),
    // A dialog closed or failing gives the product's 'Login failure' (SPEC §8); the server says its own.
    onError: (failure) => setError(failure instanceof ApiError ? messageOf(failure, t('error_network')) : t('federated_failed')),
  });

  function start(provider: FederatedProvider) {
    const dialog = window.tesseraSignIn?.[provider.provider];
    if (dialog) signIn.mutate({ provider, dialog });
    else setError(t('federated_unavailable', { title: provider.title }));
  }
  if (providers.length === 0) return null;
  return (
    <div className="federated">
      <p className="federated__label">{t('federated_label')}</p>
      <ul className="federated__list">
        {providers.map((provider) => (
          <li key={provider.provider}>
            <button
              type="button"
              className="button button--ghost federated__button"
              data-provider={provider.provider}
              disabled={signIn.isPending}
              onClick={() => start(provider)}
            >
              {t('federated_with', { title: provider.title })}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </div>
  );
}
