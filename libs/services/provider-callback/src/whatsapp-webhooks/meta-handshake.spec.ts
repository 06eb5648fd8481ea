import { answerHandshake } from './meta-handshake';

const verifyToken = 'our-verify-token';
// Meta's documented handshake: GET ?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=<ours>
const metaQuery = { 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': verifyToken };

describe('answerHandshake', () => {
  it("answers 200 with Meta's challenge as the body when the mode and token match", () => {
    expect(answerHandshake(metaQuery, verifyToken)).toEqual({ status: 200, body: '1158201444' });
  });

  it('answers 403 to a wrong, differently sized or missing token', () => {
    expect(answerHandshake({ ...metaQuery, 'hub.verify_token': 'our-verify-tokeN' }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.verify_token': 'our' }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.verify_token': undefined }, verifyToken)).toEqual({ status: 403 });
  });

  it('answers 403 to any mode but subscribe, and to a missing or empty challenge', () => {
    expect(answerHandshake({ ...metaQuery, 'hub.mode': 'unsubscribe' }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.mode': undefined }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.challenge': undefined }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.challenge': '' }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.challenge': 'x'.repeat(257) }, verifyToken)).toEqual({ status: 403 });
  });

  it('answers 403 to repeated parameters (arrays) and non-string values', () => {
    expect(answerHandshake({ ...metaQuery, 'hub.verify_token': [verifyToken, verifyToken] }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.challenge': ['1', '2'] }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.mode': ['subscribe'] }, verifyToken)).toEqual({ status: 403 });
    expect(answerHandshake({ ...metaQuery, 'hub.challenge': 1158201444 }, verifyToken)).toEqual({ status: 403 });
  });

  it('answers 403 when no verify token is configured, even to an empty one', () => {
    expect(answerHandshake({ ...metaQuery, 'hub.verify_token': '' }, '')).toEqual({ status: 403 });
  });
});
