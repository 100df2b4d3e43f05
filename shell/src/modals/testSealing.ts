// The kit with "E" calls sealed as plain JSON, for component tests: everything else (the request,
// the envelope, refusals with their values) is the kit's own. In a test file:
//   vi.mock('@tessera/kit', async (original) => (await import('./testSealing')).plainSealing(await original()));
type Kit = typeof import('@tessera/kit');

export function plainSealing(kit: Kit): Kit {
  const encryptPayload: Kit['encryptPayload'] = async (fields) => JSON.stringify(fields);
  const sendEncrypted: Kit['sendEncrypted'] = async (path, fields, method = 'POST', headers = {}) =>
    kit.request(path, { method, body: await encryptPayload(fields), headers: { ...headers, 'Content-Type': 'application/jose' } });
  return { ...kit, encryptPayload, sendEncrypted };
}
