import { join } from 'node:path';
import { startPrismMock, VENDOR_SPECS, type PrismMock } from './prism-mock';

// The judge of the adapters' requests must itself refuse a bad one, or their Prism suites could not fail.
describe("Prism mocking Meta's Cloud API document", () => {
  let prism: PrismMock;
  beforeAll(async () => {
    prism = await startPrismMock(join(VENDOR_SPECS, 'meta-business-messaging-api_v23.0.yaml'));
  });
  afterAll(() => prism.stop());
  const send = (body: unknown) =>
    fetch(`${prism.url}/v23.0/106540352242922/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer token', 'content-type': 'application/json', 'user-agent': 'mp-messaging/1.0.0' },
      body: JSON.stringify(body),
    });

  it('answers a text message as the document allows it with a wamid, and one without recipient_type 422', async () => {
    const text = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '15551234567', type: 'text', text: { body: 'hi', preview_url: false } };
    const ok = await send(text);
    expect(ok.status).toBe(200);
    expect((await ok.json()) as unknown).toMatchObject({ messages: [{ id: expect.stringMatching(/^wamid\./) }] });
    const { recipient_type: _, ...bad } = text;
    expect((await send(bad)).status).toBe(422);
  });
});
