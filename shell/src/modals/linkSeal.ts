/**
 * Opens a customer-service link sealed by the server (tessera.system.status.linkseal, SPEC §7): the last
 * 8 characters are the key, the rest is base64url of a 12-byte nonce followed by the AES-256-GCM
 * ciphertext and tag, keyed by SHA-256 of the key. The key travels with the text, so this only
 * keeps the link from casual scraping.
 */
const KEY_LENGTH = 8;
const NONCE_BYTES = 12;

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** The link inside ``text``; rejects when the text is not a sealed link. */
export async function openSealed(text: string): Promise<string> {
  if (text.length <= KEY_LENGTH) throw new Error('sealed_link_invalid');
  const raw = fromBase64Url(text.slice(0, -KEY_LENGTH));
  if (raw.length <= NONCE_BYTES) throw new Error('sealed_link_invalid');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text.slice(-KEY_LENGTH)));
  const key = await crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['decrypt']);
  const link = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: raw.slice(0, NONCE_BYTES) }, key, raw.slice(NONCE_BYTES));
  return new TextDecoder().decode(link);
}
