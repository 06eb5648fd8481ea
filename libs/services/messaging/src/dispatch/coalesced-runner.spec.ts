import { currentCallContext, runInCallContext } from '@mp/grpc';
import { CoalescedRunner } from './coalesced-runner';

function deferred() {
  let resolve!: (n: number) => void;
  const promise = new Promise<number>((r) => (resolve = r));
  return { promise, resolve };
}

describe('CoalescedRunner', () => {
  it('runs one pass when idle', async () => {
    const pass = jest.fn(async () => 3);
    expect(await new CoalescedRunner(pass).run()).toBe(3);
    expect(pass).toHaveBeenCalledTimes(1);
  });

  it('answers every call made during a pass with one shared follow-up pass', async () => {
    const gates = [deferred(), deferred()];
    let calls = 0;
    const runner = new CoalescedRunner(() => gates[calls++].promise);
    const first = runner.run();
    const during = [runner.run(), runner.run(), runner.run()];
    expect(calls).toBe(1);
    gates[0].resolve(1);
    expect(await first).toBe(1);
    await Promise.resolve();
    gates[1].resolve(2);
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect(calls).toBe(2);
  });

  it('keeps going after a failed pass', async () => {
    const pass = jest.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(5);
    const runner = new CoalescedRunner(pass);
    const failing = runner.run();
    const next = runner.run();
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe(5);
  });

  it('request() attaches one error reaction per pass, however many ask during it', async () => {
    const gates = [deferred(), deferred()];
    let calls = 0;
    const runner = new CoalescedRunner(() => gates[calls++].promise.then((n) => (n < 0 ? Promise.reject(new Error(`pass ${n}`)) : n)));
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    for (let i = 0; i < 50; i++) runner.request(onError);
    gates[0].resolve(-1);
    await Promise.resolve();
    await Promise.resolve();
    gates[1].resolve(-2);
    await runner.idle();
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['pass -1', 'pass -2']);
  });

  it('idle() waits for the pass in flight and its follow-up', async () => {
    const gate = deferred();
    let done = 0;
    const runner = new CoalescedRunner(async () => {
      await gate.promise;
      return ++done;
    });
    void runner.run();
    void runner.run();
    const idle = runner.idle();
    gate.resolve(0);
    await idle;
    expect(done).toBe(2);
  });

  it("runs its passes in its own context, not the kicking caller's call (deadline, principal)", async () => {
    const seen: unknown[] = [];
    const gate = deferred();
    let calls = 0;
    const runner = new CoalescedRunner(async () => {
      seen.push(currentCallContext());
      return calls++ === 0 ? gate.promise : 0;
    });
    const call = { method: 'SendMessage', deadline: new Date(Date.now() + 10), principal: { kind: 'api_key' as const, accountId: 'a-1' } };
    const first = runInCallContext(call, () => runner.run());
    const followUp = runInCallContext({ ...call, method: 'CancelMessage' }, () => runner.run());
    gate.resolve(1);
    await Promise.all([first, followUp]);
    expect(seen).toEqual([undefined, undefined]);
  });
});
