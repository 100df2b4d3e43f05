// The kit with the capabilities still to come offered, for component tests of their entry points
// (a link or button that will lead to them once they are built). In a test file:
//   vi.mock('@tessera/kit', async (original) => (await import('../../test/capabilities')).withCapabilities(await original()));
// then `capabilities.all = false` renders the product as it stands: those entry points hidden.
type Kit = typeof import('@tessera/kit');

export const capabilities = { all: true };

export function withCapabilities(kit: Kit): Kit {
  return { ...kit, offered: (capability) => capabilities.all || kit.offered(capability) };
}
