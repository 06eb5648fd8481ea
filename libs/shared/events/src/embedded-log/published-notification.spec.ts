import { publishedPayload, readPublished } from './published-notification';

describe('the NOTIFY payload of a publish to the embedded log', () => {
  it('names each topic with the event types it received', () => {
    const payload = publishedPayload([
      { topic: 'messages', types: ['MessageAccepted', 'MessageDelivered'] },
      { topic: 'carrier.receipts', types: ['CarrierReceipt'] },
    ]);
    // Sent by this process: read, but not "elsewhere" (its own subscribers were woken directly).
    expect(readPublished(payload)).toEqual({
      published: [
        { topic: 'messages', types: ['MessageAccepted', 'MessageDelivered'] },
        { topic: 'carrier.receipts', types: ['CarrierReceipt'] },
      ],
      elsewhere: false,
    });
  });

  it("reads a notification without types (an older process's) as types unknown, so it wakes every subscriber of the topic", () => {
    expect(readPublished(JSON.stringify({ from: 'another-process', topics: ['messages'] }))).toEqual({
      published: [{ topic: 'messages', types: undefined }],
      elsewhere: true,
    });
  });

  it('is not one of ours when it is not JSON or has no topics', () => {
    expect(readPublished('not json')).toBeUndefined();
    expect(readPublished(JSON.stringify({ from: 'x' }))).toBeUndefined();
  });
});
