/**
 * A remote asks the shell to open one of the shell's modals. Remotes do not share the shell's
 * modal layer (it is React context inside the shell), so the request travels as a DOM event on
 * window, which the shell listens for once.
 */
export type ShellModalKind = 'changePassword' | 'restrictedAccount';

const EVENT = 'tessera:open-modal';

export function requestShellModal(kind: ShellModalKind): void {
  window.dispatchEvent(new CustomEvent<ShellModalKind>(EVENT, { detail: kind }));
}

/** Called by the shell: ``open`` runs for every request until the returned function is called. */
export function onShellModalRequest(open: (kind: ShellModalKind) => void): () => void {
  const listener = (event: Event) => open((event as CustomEvent<ShellModalKind>).detail);
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
