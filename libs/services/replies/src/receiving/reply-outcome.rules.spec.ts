import type { LinkCandidate } from './reply-link.rules';
import { replyOutcome } from './reply-outcome.rules';

const sentAt = new Date('2026-10-15T09:00:00Z');
const withOptions: LinkCandidate = {
  messageId: '7d1f0a52-2f43-4c4e-9d2c-1a0b6f1e9a11',
  accountId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  destination: '+14155550100',
  fromAddress: '+15550009999',
  replyOptions: [
    { key: 'C', value: 'Confirm', aliases: ['OK'] },
    { key: 'R', value: 'Reschedule', aliases: [] },
  ],
  expiresAt: new Date('2026-10-15T12:00:00Z'),
  dispatchedAt: sentAt,
};
const withoutOptions: LinkCandidate = { ...withOptions, replyOptions: [], expiresAt: undefined };
const before = new Date('2026-10-15T10:00:00Z');

describe('replyOutcome (spec 3.2, 6.2)', () => {
  describe('keyword', () => {
    it.each([
      ['STOP', 'Stop'],
      ['stop', 'Stop'],
      [' Stop. ', 'Stop'],
      ['STOPALL', 'Stop'],
      ['unsubscribe', 'Stop'],
      ['Cancel', 'Stop'],
      ['END', 'Stop'],
      ['quit', 'Stop'],
      ['REVOKE', 'Stop'],
      ['optout', 'Stop'],
      ['START', 'Start'],
      ['unstop', 'Start'],
      ['Yes', 'Start'],
      ['HELP', 'Help'],
      ['info!', 'Help'],
    ])('%p is %s, linked or not', (body, keyword) => {
      expect(replyOutcome(body, before, undefined).keyword).toBe(keyword);
      expect(replyOutcome(body, before, withoutOptions).keyword).toBe(keyword);
    });

    it.each(['STOP please', 'please stop', 'HELP ME', 'opt out', 'C', 'Thanks'])('%p is no keyword', (body) => {
      expect(replyOutcome(body, before, undefined).keyword).toBeUndefined();
    });
  });

  it('a matching reply to a message with options answers it', () => {
    expect(replyOutcome('ok!', before, withOptions)).toEqual({
      keyword: undefined,
      afterExpiry: false,
      chosen: { key: 'C', value: 'Confirm' },
      reply: { matched: true, key: 'C', value: 'Confirm' },
    });
  });

  it('anything else to a message with options is { matched: false }', () => {
    expect(replyOutcome('C and R', before, withOptions)).toEqual({ keyword: undefined, afterExpiry: false, reply: { matched: false } });
  });

  it('an opt-out, opt-in or help word is never an answer, even where it could be one', () => {
    const yesOption: LinkCandidate = { ...withOptions, replyOptions: [{ key: 'Y', value: 'Yes', aliases: ['YES'] }] };
    for (const body of ['STOP', 'yes', 'Help']) {
      const outcome = replyOutcome(body, before, yesOption);
      expect(outcome.chosen).toBeUndefined();
      expect(outcome.reply).toEqual({ matched: false });
      expect(outcome.keyword).toBeDefined();
    }
  });

  it('a reply at or after expiresAt is afterExpiry and answers nothing', () => {
    for (const at of [withOptions.expiresAt as Date, new Date('2026-10-16T00:00:00Z')]) {
      expect(replyOutcome('C', at, withOptions)).toEqual({ keyword: undefined, afterExpiry: true, reply: { matched: false } });
    }
    expect(replyOutcome('C', new Date(withOptions.expiresAt!.getTime() - 1), withOptions).chosen).toEqual({ key: 'C', value: 'Confirm' });
  });

  it('afterExpiry also for a message without options that had expiresAt; never without one', () => {
    expect(replyOutcome('hi', new Date('2026-10-16T00:00:00Z'), { ...withoutOptions, expiresAt: withOptions.expiresAt })).toEqual({
      keyword: undefined,
      afterExpiry: true,
    });
    expect(replyOutcome('hi', new Date('2030-01-01T00:00:00Z'), withoutOptions).afterExpiry).toBe(false);
  });

  it('has no `reply` when the message offered no options or none is linked', () => {
    expect(replyOutcome('C', before, withoutOptions)).toEqual({ keyword: undefined, afterExpiry: false });
    expect(replyOutcome('C', before, undefined)).toEqual({ keyword: undefined, afterExpiry: false });
  });

  describe('a tapped WhatsApp button or list row (its payload beside its title, the body)', () => {
    it('answers with the option its payload names, though its title names none', () => {
      expect(replyOutcome('Yes, I will be there', before, withOptions, 'c')).toEqual({
        keyword: undefined,
        afterExpiry: false,
        chosen: { key: 'C', value: 'Confirm' },
        reply: { matched: true, key: 'C', value: 'Confirm' },
      });
    });

    it('answers with the option its title names when the payload names none', () => {
      expect(replyOutcome('R', before, withOptions, 'reschedule-button').chosen).toEqual({ key: 'R', value: 'Reschedule' });
    });

    it('prefers the payload to the title when they name different options', () => {
      expect(replyOutcome('R', before, withOptions, 'OK').chosen).toEqual({ key: 'C', value: 'Confirm' });
    });

    it('is STOP with a STOP title, and answers nothing, even when its payload names an option', () => {
      expect(replyOutcome('Stop', before, withOptions, 'C')).toEqual({ keyword: 'Stop', afterExpiry: false, reply: { matched: false } });
    });

    it('is no keyword when only its payload is one', () => {
      expect(replyOutcome('Not now', before, withOptions, 'STOP')).toEqual({ keyword: undefined, afterExpiry: false, reply: { matched: false } });
    });

    it('answers nothing after expiry, whatever its payload', () => {
      expect(replyOutcome('Sure', withOptions.expiresAt as Date, withOptions, 'C').chosen).toBeUndefined();
    });
  });
});
