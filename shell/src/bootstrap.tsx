import { createRoot } from 'react-dom/client';
import { readBootstrap } from '@tessera/kit';
import { App } from './App';
import { startLanguage } from './i18n';
import { startFederation } from './remotes/runtime';
import { applyTheme, initialTheme } from './theme';
import { listenForInstallOffer } from './webapp/installPrompt';
import { registerWorker } from './webapp/registerWorker';
import './styles.css';

async function start(): Promise<void> {
  const bootstrap = readBootstrap();
  listenForInstallOffer();
  registerWorker(process.env.NODE_ENV === 'production');
  applyTheme(initialTheme(bootstrap.brand));
  await startLanguage(bootstrap);
  startFederation(bootstrap.remotes);
  const root = document.getElementById('root');
  if (!root) throw new Error('root_missing');
  createRoot(root).render(<App bootstrap={bootstrap} />);
}

void start();
