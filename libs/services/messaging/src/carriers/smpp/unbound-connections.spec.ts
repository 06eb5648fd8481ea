import type { SmppConnectionStatus } from './smpp-connection-status';
import { unboundConnections } from './unbound-connections';

// Which SMPP connections messaging's /readyz names (issue 28 point 6): those this replica should have bound and cannot.
const status = (connection: string, state: Partial<SmppConnectionStatus>): SmppConnectionStatus => ({
  connection,
  ready: false,
  configuredBinds: 2,
  heldBinds: 2,
  boundSessions: 0,
  windowInUse: 0,
  windowSize: 20,
  pacing: { configuredPerSecond: 100, currentPerSecond: 100 },
  submits: { accepted: 0, rejected: 0, transient: 0, invalid: 0 },
  throttles: 0,
  resubmissions: { responseTimeout: 0, connectionLost: 0, malformedResponse: 0, partialMultipart: 0, ledgerFailed: 0 },
  bindErrors: [],
  inFlight: 0,
  closing: false,
  ...state,
});

describe('unboundConnections', () => {
  it('names a connection whose held binds all failed, with its first bind error as the reason', () => {
    const refused = status('smsc-a', { bindErrors: ['bind refused: ESME_RINVPASWD', 'bind refused: ESME_RINVPASWD'] });
    const unreachable = status('smsc-b', { heldBinds: 1, bindErrors: ['cannot bind: connect ECONNREFUSED 127.0.0.1:2775'] });
    expect(unboundConnections([refused, unreachable])).toEqual([
      { component: 'carrierConnection', name: 'smsc-a', reason: 'bind refused: ESME_RINVPASWD' },
      { component: 'carrierConnection', name: 'smsc-b', reason: 'cannot bind: connect ECONNREFUSED 127.0.0.1:2775' },
    ]);
  });

  it('names none that is bound, still on its first bind attempt, leased to other replicas, or closing', () => {
    expect(
      unboundConnections([
        status('bound-one-of-two', { ready: true, boundSessions: 1, bindErrors: ['session closed: enquire-link-unanswered'] }),
        status('binding-at-start-up', { bindErrors: [] }),
        status('leased-elsewhere', { heldBinds: 0, bindErrors: [] }),
        status('stopping', { closing: true, bindErrors: ['bind refused: ESME_RBINDFAIL'] }),
      ]),
    ).toEqual([]);
  });
});
