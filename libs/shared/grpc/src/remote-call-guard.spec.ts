import { assertRemoteCallAllowed, forbidRemoteCalls, RemoteCallForbiddenError } from './remote-call-guard';

const call = async () => {
  assertRemoteCallAllowed('/consent.v1.ConsentService/CheckSendPermission');
  return 'answered';
};

describe('remote call guard', () => {
  it('refuses a call inside the scope, also after awaits, naming the owner and the method', async () => {
    const refused = forbidRemoteCalls('event consumer "x" (apply)', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return call();
    });
    await expect(refused).rejects.toThrow(RemoteCallForbiddenError);
    await expect(refused).rejects.toThrow('event consumer "x" (apply) called /consent.v1.ConsentService/CheckSendPermission');
  });

  it('allows calls outside the scope and in continuations that run after it settled', async () => {
    await expect(call()).resolves.toBe('answered');
    let later: Promise<string> | undefined;
    const settled = new Promise<void>((resolve) => setTimeout(resolve, 5));
    await forbidRemoteCalls('a transaction', async () => {
      later = settled.then(call);
    });
    await expect(later).resolves.toBe('answered');
  });

  it('names the innermost running scope', async () => {
    await expect(forbidRemoteCalls('outer', () => forbidRemoteCalls('inner', call))).rejects.toThrow(/^inner called/);
    let leftBehind: Promise<string> | undefined;
    const settled = new Promise<void>((resolve) => setTimeout(resolve, 5));
    const outer = forbidRemoteCalls('outer', async () => {
      await forbidRemoteCalls('inner', async () => {
        leftBehind = settled.then(call);
      });
      await settled;
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await expect(leftBehind).rejects.toThrow(/^outer called/); // inner is over, outer still holds
    await outer;
  });
});
