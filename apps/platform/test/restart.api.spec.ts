import { signUp, waitForStatus } from './support/journeys';
import { bootPlatform, countRows, temporaryDataDir } from './support/platform-fixture';

describe('a restart between acceptance and dispatch', () => {
  it('delivers the accepted message exactly once on the same data', async () => {
    const data = temporaryDataDir();
    try {
      // First life: sending is accepted but the dispatcher is held, as if the process died before dispatch.
      const first = await bootPlatform({ DATA_DIR: data.dir, DISPATCH_ENABLED: 'false' });
      const user = await signUp(first.api, 'restart');
      const sent = await first.api.post(`/v1/accounts/${user.accountId}/messages`, {
        token: user.accessToken,
        body: { to: '+14155550160', body: 'survive a restart' },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.status).toBe('queued');
      await first.stop();

      // Second life on the same data: the message goes out and is delivered once.
      const second = await bootPlatform({ DATA_DIR: data.dir });
      try {
        const login = await second.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
        expect(login.status).toBe(200);
        const who = { accountId: user.accountId, accessToken: login.body.accessToken };
        const delivered = await waitForStatus(second.api, who, sent.body.messageId, ['delivered']);
        const steps = delivered.body.auditTrail.map((a: { toStatus: string }) => a.toStatus);
        expect(steps).toEqual(['queued', 'dispatched', 'delivered']);
        expect(delivered.body.channelHistory).toHaveLength(1);
        // The carrier got it once.
        expect(await countRows(second.platform, 'carrier_simulator', 'carrier_submissions', { account_id: user.accountId })).toBe(1);
      } finally {
        await second.stop();
      }
    } finally {
      data.remove();
    }
  });
});
