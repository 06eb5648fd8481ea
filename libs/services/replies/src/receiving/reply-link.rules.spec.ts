import { chooseLinkedMessage, linkWindow, type LinkCandidate, type ReplyToLink } from './reply-link.rules';

const HOUR = 3600_000;
const account = 'a0000000-0000-4000-8000-000000000001';
const otherAccount = 'a0000000-0000-4000-8000-000000000002';
const person = '+14155550100';
const number = '+15550009999';
const receivedAt = new Date('2026-10-18T12:00:00Z');
const hoursBefore = (hours: number) => new Date(receivedAt.getTime() - hours * HOUR);

const reply: ReplyToLink = { accountId: account, from: person, to: number, receivedAt };
let seq = 0;
function sent(overrides: Partial<LinkCandidate> & { hoursAgo: number }): LinkCandidate {
  const { hoursAgo, ...rest } = overrides;
  seq += 1;
  return {
    messageId: `m${String(seq).padStart(3, '0')}`,
    accountId: account,
    destination: person,
    fromAddress: number,
    replyOptions: [],
    carrierMessageId: `carrier-${seq}`,
    dispatchedAt: hoursBefore(hoursAgo),
    ...rest,
  };
}
const options = [{ key: 'C', value: 'Confirm', aliases: [] }];
const linkedId = (candidates: LinkCandidate[], to: ReplyToLink = reply) => chooseLinkedMessage(to, candidates)?.messageId;

describe('reply linking (spec 4.3)', () => {
  it('the window is the 72 hours up to the reply, start excluded', () => {
    expect(linkWindow(receivedAt)).toEqual({ since: hoursBefore(72), until: receivedAt });
  });

  describe('which message a reply answers', () => {
    it.each([
      ['sent 71 hours before', { hoursAgo: 71 }, true],
      ['sent 73 hours before', { hoursAgo: 73 }, false],
      ['sent exactly 72 hours before', { hoursAgo: 72 }, false],
      ['sent a millisecond inside 72 hours', { hoursAgo: 72 - 1 / HOUR }, true],
      ['sent at the very moment of the reply', { hoursAgo: 0 }, true],
      ['dispatched after the reply arrived', { hoursAgo: -1 }, false],
      ['sent from another number of the account', { hoursAgo: 1, fromAddress: '+15550008888' }, false],
      ['sent to another person', { hoursAgo: 1, destination: '+14155550199' }, false],
      ['sent by another account', { hoursAgo: 1, accountId: otherAccount }, false],
    ])('a message %s: linked %s', (_what, overrides, linked) => {
      const candidate = sent(overrides);
      expect(linkedId([candidate])).toBe(linked ? candidate.messageId : undefined);
    });

    it('nothing when nothing was dispatched (a refused or never-sent message has no dispatch)', () => {
      expect(chooseLinkedMessage(reply, [])).toBeUndefined();
    });

    it('the newest of several', () => {
      const older = sent({ hoursAgo: 5 });
      const newer = sent({ hoursAgo: 2 });
      const newest = sent({ hoursAgo: 1 });
      expect(linkedId([older, newest, newer])).toBe(newest.messageId);
    });

    it('the newest, by its latest dispatch, when one message was dispatched twice', () => {
      const retried = sent({ hoursAgo: 10 });
      const between = sent({ hoursAgo: 3 });
      expect(linkedId([retried, between, { ...retried, dispatchedAt: hoursBefore(1) }])).toBe(retried.messageId);
    });

    it('a message with options beats a later one without', () => {
      const offered = sent({ hoursAgo: 30, replyOptions: options });
      const later = sent({ hoursAgo: 1 });
      expect(linkedId([later, offered])).toBe(offered.messageId);
    });

    it('among messages with options, the newest', () => {
      const first = sent({ hoursAgo: 30, replyOptions: options });
      const second = sent({ hoursAgo: 20, replyOptions: options });
      const plain = sent({ hoursAgo: 1 });
      expect(linkedId([first, plain, second])).toBe(second.messageId);
    });

    it('a message with options outside the window does not beat one without inside it', () => {
      const old = sent({ hoursAgo: 80, replyOptions: options });
      const recent = sent({ hoursAgo: 1 });
      expect(linkedId([old, recent])).toBe(recent.messageId);
    });

    it('compares email addresses without case', () => {
      const mail = sent({ hoursAgo: 2, destination: 'Pat.Doe@Example.com', fromAddress: 'notify@acme.example' });
      const emailReply: ReplyToLink = { ...reply, from: 'pat.doe@example.COM', to: 'NOTIFY@acme.example' };
      expect(linkedId([mail], emailReply)).toBe(mail.messageId);
      expect(linkedId([mail], { ...emailReply, from: 'pat.doe2@example.com' })).toBeUndefined();
    });
  });

  describe('a reply quoting a message (WhatsApp context)', () => {
    it('links to exactly the quoted message, not the newest', () => {
      const quoted = sent({ hoursAgo: 20, carrierMessageId: 'wamid.quoted' });
      const newest = sent({ hoursAgo: 1, replyOptions: options });
      expect(linkedId([quoted, newest], { ...reply, contextCarrierMessageId: 'wamid.quoted' })).toBe(quoted.messageId);
    });

    it('links to it even outside the window or from another number', () => {
      const quoted = sent({ hoursAgo: 100, carrierMessageId: 'wamid.old', fromAddress: '+15550001234' });
      expect(linkedId([quoted], { ...reply, contextCarrierMessageId: 'wamid.old' })).toBe(quoted.messageId);
    });

    it("links to nothing when the quoted message is not the account's", () => {
      const elsewhere = sent({ hoursAgo: 1, carrierMessageId: 'wamid.theirs', accountId: otherAccount });
      const own = sent({ hoursAgo: 1 });
      expect(linkedId([elsewhere, own], { ...reply, contextCarrierMessageId: 'wamid.theirs' })).toBeUndefined();
      expect(linkedId([own], { ...reply, contextCarrierMessageId: 'wamid.unknown' })).toBeUndefined();
    });
  });
});
