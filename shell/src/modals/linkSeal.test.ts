import { describe, expect, test } from 'vitest';
import { openSealed } from './linkSeal';

// Sealed by the server: tessera.system.status.linkseal.seal('https://chat.example/room/1').
const SEALED_CHAT_LINK = 'QphTc0qsCPHlzocU6-7iz3td-3Yi_fcpiqzlyGLADrkagrleMcrBTvoa6H1p5jnkekTNu_AHvAdRYkENp2';

describe('openSealed', () => {
  test('opens a link sealed by the server', async () => {
    expect(await openSealed(SEALED_CHAT_LINK)).toBe('https://chat.example/room/1');
  });

  test('refuses a text changed in transit', async () => {
    const tampered = SEALED_CHAT_LINK.replace('QphT', 'QphU');
    await expect(openSealed(tampered)).rejects.toThrow();
  });

  test('refuses the wrong key', async () => {
    const wrongKey = SEALED_CHAT_LINK.slice(0, -8) + 'AAAAAAAA';
    await expect(openSealed(wrongKey)).rejects.toThrow();
  });

  test('refuses a text too short to hold a link', async () => {
    await expect(openSealed('12345678')).rejects.toThrow('sealed_link_invalid');
    await expect(openSealed('AAAA12345678')).rejects.toThrow('sealed_link_invalid');
  });
});
