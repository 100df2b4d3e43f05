import { useSyncExternalStore } from 'react';

/** Chrome's install offer (not in the DOM's types): shown by ``prompt()``, once. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function changed(): void {
  listeners.forEach((listener) => listener());
}

/**
 * Keep the browser's install offer from the page's start (it comes once, early) for the app
 * download page's button, instead of the browser's own bar.
 */
export function listenForInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offered = null;
    installed = true;
    changed();
  });
}

/** Show the browser's install dialog; whatever the answer, the offer is used up. */
export async function install(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  offered = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') {
    installed = true;
    changed();
  }
  return outcome === 'accepted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type InstallState = 'offered' | 'installed' | 'unavailable';

function state(): InstallState {
  if (installed) return 'installed';
  return offered ? 'offered' : 'unavailable';
}

/** Whether the browser offers to install the app now, or has installed it. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, state, () => 'unavailable');
}

/** Whether the page runs as the installed app (its own window, not a browser tab). */
export function runsInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  return standalone === true || (window.matchMedia?.('(display-mode: standalone)').matches ?? false);
}
