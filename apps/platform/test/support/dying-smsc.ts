import { CommandStatus, encodeGsm7, MessageState, type Pdu, type PduOf } from '@mp/smpp';
import { ScriptedSmsc, type SmscConnection } from '@mp/smpp/src/testing/scripted-smsc';

/** A submit_sm as the SMSC saw it: its destination, and the message_id it answered with (none once it was dying). */
export interface SeenSubmit {
  readonly destination: string;
  readonly messageId?: string;
}

/**
 * An SMSC that goes down in the middle of a run (issue 29 point 5's failover
 * test): it takes submit_sm and delivers each at once (submit_sm_resp, then
 * a DELIVRD receipt as deliver_sm), until the `dieAtSubmit`-th submit_sm. That
 * one is never answered: the SMSC lets its receipts already sent be answered
 * (so the messages it took are not lost with the socket), then drops every
 * session and refuses every bind from then on, as a carrier whose SMSC
 * failed would. What it saw is kept for the test to count.
 */
export class DyingSmsc {
  readonly submits: SeenSubmit[] = [];
  /** Binds refused once down: the client kept trying to rebind. */
  bindsRefused = 0;
  /** Every session dropped (after the receipts it had sent were answered). */
  isDown = false;
  private dying = false;
  private readonly receipts: Array<{ connection: SmscConnection; sequenceNumber: number }> = [];
  private smsc!: ScriptedSmsc;

  private constructor(private readonly dieAtSubmit: number) {}

  static async start(dieAtSubmit: number): Promise<DyingSmsc> {
    const dying = new DyingSmsc(dieAtSubmit);
    dying.smsc = await ScriptedSmsc.start((pdu, connection) => dying.onPdu(pdu, connection));
    return dying;
  }

  get port(): number {
    return this.smsc.port;
  }

  stop(): Promise<void> {
    return this.smsc.stop();
  }

  private onPdu(pdu: Pdu, connection: SmscConnection): 'default' | void {
    if (pdu.command === 'bind_transceiver' && this.dying) {
      this.bindsRefused++;
      return connection.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RBINDFAIL, sequenceNumber: pdu.sequenceNumber, systemId: '' });
    }
    if (pdu.command !== 'submit_sm') return this.dying ? undefined : 'default';
    if (this.dying || this.submits.length + 1 === this.dieAtSubmit) {
      this.submits.push({ destination: pdu.destinationAddr });
      if (!this.dying) void this.die();
      return;
    }
    const messageId = `P${this.submits.length + 1}`;
    this.submits.push({ destination: pdu.destinationAddr, messageId });
    connection.send({ command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_ROK, sequenceNumber: pdu.sequenceNumber, messageId });
    this.receipts.push({ connection, sequenceNumber: connection.sendRequest(receiptFor(pdu, messageId)) });
  }

  private async die(): Promise<void> {
    this.dying = true;
    for (const { connection, sequenceNumber } of this.receipts) {
      await connection.waitFor((p) => p.command === 'deliver_sm_resp' && p.sequenceNumber === sequenceNumber).catch(() => undefined);
    }
    for (const connection of this.smsc.connections) connection.socket.destroy();
    this.isDown = true;
  }
}

/** A final DELIVRD receipt in both forms (SMPP 3.4 Appendix B text and the receipted_message_id / message_state TLVs). */
function receiptFor(submit: PduOf<'submit_sm'>, messageId: string): Omit<PduOf<'deliver_sm'>, 'sequenceNumber'> {
  const date = new Date().toISOString().replace(/\D/g, '').slice(2, 12); // YYMMDDhhmm
  return {
    command: 'deliver_sm',
    commandStatus: 0,
    serviceType: '',
    sourceAddrTon: submit.destAddrTon,
    sourceAddrNpi: submit.destAddrNpi,
    sourceAddr: submit.destinationAddr,
    destAddrTon: submit.sourceAddrTon,
    destAddrNpi: submit.sourceAddrNpi,
    destinationAddr: submit.sourceAddr,
    esmClass: 0x04, // a delivery receipt
    protocolId: 0,
    priorityFlag: 0,
    scheduleDeliveryTime: '',
    validityPeriod: '',
    registeredDelivery: 0,
    replaceIfPresentFlag: 0,
    dataCoding: 0,
    smDefaultMsgId: 0,
    shortMessage: encodeGsm7(`id:${messageId} sub:001 dlvrd:001 submit date:${date} done date:${date} stat:DELIVRD err:000 text:`),
    tlvs: { receiptedMessageId: messageId, messageState: MessageState.DELIVERED },
  };
}
