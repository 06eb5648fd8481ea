import { join } from 'node:path';
import type { CarrierSubmission } from '../carrier.port';
import { sealConnection } from '@mp/carrier-connections';
import { startPrismMock, VENDOR_SPECS, type PrismMock } from '../testing/prism-mock';
import { WhatsAppCloudCarrier } from './index';

// The wamid of the document's first example answer to sendMessage, which Prism gives back for any valid request.
const EXAMPLE_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCOTY3NDc0NDFDRUI3NTA0Q0UA';

// Meta's own OpenAPI document judges every body the adapter sends: Prism answers 422 to one it does not allow.
describe("WhatsAppCloudCarrier against Prism mocking Meta's Cloud API document", () => {
  let prism: PrismMock;
  let carrier: WhatsAppCloudCarrier;
  beforeAll(async () => {
    prism = await startPrismMock(join(VENDOR_SPECS, 'meta-business-messaging-api_v23.0.yaml'));
    carrier = new WhatsAppCloudCarrier(
      sealConnection({
        name: 'meta-prism',
        protocol: 'whatsapp-cloud',
        channel: 'WhatsApp',
        numbers: ['*'],
        priority: 1,
        baseUrl: prism.url,
        apiVersion: 'v23.0',
        phoneNumberId: '106540352242922',
        accessToken: 'EAAG-prism-token',
        appSecret: 'app-secret',
        verifyToken: 'verify-token',
        timeoutSeconds: 10,
      }),
    );
  });
  afterAll(() => prism.stop());

  const text: CarrierSubmission = {
    reference: 'msg-1:1',
    accountId: 'acc-1',
    channel: 'WhatsApp',
    from: '+15550001111',
    to: '+15551234567',
    body: 'Your order 42 has shipped',
  };

  it('accepts a text message', async () => {
    expect(await carrier.submit(text)).toEqual({ kind: 'accepted', carrierMessageId: EXAMPLE_WAMID });
  });

  it('accepts a reply quoting an inbound message', async () => {
    expect(await carrier.submit({ ...text, quotes: 'wamid.gBGGSFcCNEOPAgkO_KJ55r4w_ww' })).toEqual({ kind: 'accepted', carrierMessageId: EXAMPLE_WAMID });
  });

  it('accepts a template message with body parameters', async () => {
    const template = { name: 'order_update', language: 'en_US', bodyParameters: ['42', 'tomorrow'] };
    expect(await carrier.submit({ ...text, template })).toEqual({ kind: 'accepted', carrierMessageId: EXAMPLE_WAMID });
  });
});
