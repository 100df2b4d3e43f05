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

/** The shared modules' versions, written in by the build (webpack.config.js). */
const SHARED_VERSIONS: Record<string, string> = JSON.parse(process.env.TESSERA_SHARED_VERSIONS || '{}');

let remoteEntries: Record<string, string> = {};
let federation: Promise<typeof import('@module-federation/enhanced/runtime')> | null = null;

/** Note the remotes the page may open; nothing of them (nor the runtime that loads them) is fetched yet. */
export function startFederation(remotes: Record<string, string>): void {
  remoteEntries = remotes;
}

/** The federation runtime, started with the remotes on the first call. */
function federationRuntime() {
  federation ??= import('@module-federation/enhanced/runtime').then(async (runtime) => {
    const { sharedSingletons } = await import('./sharedModules');
    runtime.init({
      name: 'shell',
      shared: sharedSingletons(SHARED_VERSIONS),
      shareStrategy: 'loaded-first',
      remotes: REMOTE_NAMES.filter((name) => remoteEntries[name]).map((name) => ({ name, entry: remoteEntries[name] })),
      plugins: [remoteFailure()],
    });
    return runtime;
  });
  return federation;
}

function isRegistry(module: unknown): module is { default: PageRegistry } {
  const registry = (module as { default?: PageRegistry } | null)?.default;
  return Boolean(registry && Array.isArray(registry.pages));
}

export async function loadPages(remote: RemoteName): Promise<PageRegistry> {
  const { loadRemote } = await federationRuntime();
  const module = await loadRemote<unknown>(`${remote}/pages`).catch(() => null);
  if (!isRegistry(module)) throw new RemoteUnavailable(remote);
  return module.default;
}
