import { decodeShortMessage } from '@mp/smpp';

/** A stored mobile-originated deliver_sm, as reassembly reads it. */
export interface InboundPart {
  id: string;
  sourceAddr: string;
  destAddr: string;
  dataCoding: number;
  /** Concatenation (UDH 8- or 16-bit reference, or SAR); all three unset for a single message. */
  concatRef: number | null;
  concatTotal: number | null;
  concatSeq: number | null;
  /** The text octets, without UDH. */
  text: Buffer;
  receivedAt: Date;
}

export interface AssembledInbound {
  /** Every stored row it was made of (duplicates of a part included), to mark handled together. */
  parts: InboundPart[];
  /** Undefined when the data_coding is not text (binary) or nothing arrived. */
  body: string | undefined;
  /** False when the time limit passed before every part arrived. */
  complete: boolean;
  /** The first stored part's id: a handed-over message's id is derived from it, so a reprocess repeats it. */
  firstId: string;
  receivedAt: Date;
}

const groupKey = (p: InboundPart) => (p.concatRef === null ? `single:${p.id}` : `${p.sourceAddr}\n${p.destAddr}\n${p.concatRef}\n${p.concatTotal}`);

/** The octets of the parts in order (one per seq), decoded with the first part's data_coding. */
function bodyOf(parts: InboundPart[]): string | undefined {
  const bySeq = new Map<number, InboundPart>();
  for (const p of [...parts].sort((a, b) => Number(a.id) - Number(b.id))) if (!bySeq.has(p.concatSeq ?? 1)) bySeq.set(p.concatSeq ?? 1, p);
  const ordered = [...bySeq.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
  if (ordered.length === 0) return undefined;
  return decodeShortMessage(Buffer.concat(ordered.map((p) => p.text)), ordered[0].dataCoding).text;
}

/**
 * Puts stored inbound parts together (issue 28 point 5): a single message at
 * once; a concatenated one, whose parts come in any order, once every seq of
 * 1..total is in; one still incomplete `limitMs` after its first part arrived
 * is handed on with what came, in order (the sender's words are not lost; Kannel
 * does the same on its concatenated-MO timeout, there part by part). Answers
 * the messages ready now; the other parts wait.
 */
export function assembleInbound(parts: readonly InboundPart[], now: Date, limitMs: number): AssembledInbound[] {
  const groups = new Map<string, InboundPart[]>();
  for (const p of parts) groups.set(groupKey(p), [...(groups.get(groupKey(p)) ?? []), p]);
  const ready: AssembledInbound[] = [];
  for (const group of groups.values()) {
    const total = group[0].concatTotal ?? 1;
    const seqs = new Set(group.map((p) => p.concatSeq ?? 1));
    const complete = Array.from({ length: total }, (_, i) => i + 1).every((seq) => seqs.has(seq));
    const first = group.reduce((a, b) => (Number(a.id) <= Number(b.id) ? a : b));
    const oldest = Math.min(...group.map((p) => p.receivedAt.getTime()));
    if (!complete && now.getTime() - oldest < limitMs) continue;
    const receivedAt = new Date(Math.max(...group.map((p) => p.receivedAt.getTime())));
    ready.push({ parts: group, body: bodyOf(group), complete, firstId: first.id, receivedAt });
  }
  return ready;
}
