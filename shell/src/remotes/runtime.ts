import { init, loadRemote } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { PageRegistry } from '@tessera/kit';

/** The remotes the shell knows, by bootstrap key; each exposes './pages'. */
export const REMOTE_NAMES = ['memberCentre', 'agentCentre'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export class RemoteUnavailable extends Error {
  constructor(public readonly remote: string) {
    super(`remote_unavailable:${remote}`);
  }
}

const UNAVAILABLE = Symbol('remote-unavailable');

/** A remote that fails to load resolves to a marker instead of rejecting deep inside the runtime. */
const remoteFailure: () => ModuleFederationRuntimePlugin = () => ({
  name: 'tessera-remote-failure',
  errorLoadRemote() {
    return { [UNAVAILABLE]: true };
  },
});

let started = false;

export function startFederation(remotes: Record<string, string>): void {
  if (started) return;
  started = true;
  init({
    name: 'shell',
    remotes: REMOTE_NAMES.filter((name) => remotes[name]).map((name) => ({ name, entry: remotes[name] })),
    plugins: [remoteFailure()],
  });
}

function isRegistry(module: unknown): module is { default: PageRegistry } {
  const registry = (module as { default?: PageRegistry } | null)?.default;
  return Boolean(registry && Array.isArray(registry.pages));
}

export async function loadPages(remote: RemoteName): Promise<PageRegistry> {
  const module = await loadRemote<unknown>(`${remote}/pages`).catch(() => null);
  if (!isRegistry(module)) throw new RemoteUnavailable(remote);
  return module.default;
}
