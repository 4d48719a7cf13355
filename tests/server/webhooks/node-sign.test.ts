// The server's node:crypto HMAC signs exactly as the WebCrypto one the MSW handlers use.
import { describe, expect, it } from 'vitest';
import { webCryptoSign } from '../../../src/api/orders/events/signing.ts';
import { nodeSign } from '../../../server/webhooks/node-sign.ts';

describe('nodeSign', () => {
  it('equals the WebCrypto signature for every secret and message', async () => {
    const secrets = ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD'];
    const messages = ['evt_1.1700000000.{}', `evt_2.1700000001.${JSON.stringify({ note: 'é ✓ \u0000' })}`];
    for (const secret of secrets)
      for (const message of messages)
        expect(nodeSign(secret, message)).toBe(await webCryptoSign(secret, message));
  });
});
