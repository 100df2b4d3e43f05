// How any part of the page opens the member centre or agent centre: OverlayProvider fills the
// context, so what opens a centre (the URL's query among them) never imports the provider.
import { createContext, useContext } from 'react';
import type { RemoteName } from '../remotes/runtime';

/** Open the member centre or agent centre, at its default page or at ``page``. */
export type OpenCentre = (remote: RemoteName, page?: string) => void;

export const OpenCentreContext = createContext<OpenCentre>(() => undefined);

export function useOpenCentre(): OpenCentre {
  return useContext(OpenCentreContext);
}
