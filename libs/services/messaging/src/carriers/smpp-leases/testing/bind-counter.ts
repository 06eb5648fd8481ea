import type { Pdu } from '@mp/smpp';
import type { Script, SmscConnection } from '@mp/smpp/src/testing/scripted-smsc';

/**
 * A ScriptedSmsc script that counts sessions bound at the SMSC at once, as an
 * SMSC limiting binds per systemId would: bound from its bind until its socket
 * closes. `max` is the most there ever were.
 */
export function bindCounter(): { script: Script; readonly current: number; readonly max: number } {
  const state = { current: 0, max: 0 };
  const script: Script = (pdu: Pdu, connection: SmscConnection) => {
    if (pdu.command === 'bind_transceiver') {
      state.current++;
      state.max = Math.max(state.max, state.current);
      void connection.closed.then(() => state.current--);
    }
    return 'default';
  };
  return {
    script,
    get current() {
      return state.current;
    },
    get max() {
      return state.max;
    },
  };
}
