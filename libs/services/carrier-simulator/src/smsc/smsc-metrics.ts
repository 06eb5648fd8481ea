import { counter } from '@mp/telemetry';

// What an operator of the sandbox counts: binds, submits by answer, receipts sent or retried, faults by kind.
const binds = counter('sandbox_smsc_binds_total', 'Bind requests to the sandbox SMSC, by result (bound, or the refusing status)', ['result']);
const submits = counter('sandbox_smsc_submits_total', "The sandbox SMSC's answers to submit_sm, by status (or dropped)", ['status']);
const receipts = counter('sandbox_smsc_receipts_total', 'Receipt deliver_sm the sandbox SMSC sent, by result (sent, retry)', ['result']);
const faults = counter('sandbox_smsc_faults_total', 'Bad input and failures the sandbox SMSC survived, by kind', ['fault']);

export const smscMetrics = {
  bind: (result: string) => binds.inc({ result }),
  submit: (status: string) => submits.inc({ status }),
  receipt: (result: 'sent' | 'retry') => receipts.inc({ result }),
  fault: (fault: string) => faults.inc({ fault }),
};
