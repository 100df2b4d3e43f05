import { createContext, useContext } from 'react';
import type { Bootstrap, Brand } from '@tessera/kit';

export const BootstrapContext = createContext<Bootstrap | null>(null);

export function useBootstrap(): Bootstrap {
  const bootstrap = useContext(BootstrapContext);
  if (!bootstrap) throw new Error('bootstrap_missing');
  return bootstrap;
}

export function useBrand(): Brand {
  return useBootstrap().brand;
}
