import { calculateSegments, estimateCost, type PriceTable, type SmsEncoding } from '../rules';
import type { ValidSubmission } from './validate-submission';

export interface Pricing {
  segmentCount: number;
  encoding: SmsEncoding;
  characterCount: number;
  estimatedCost: number;
}

/**
 * Segments only mean something for SMS. WhatsApp and Email are one billable
 * message each; their encoding still comes from the SMS calculator, which
 * tells a client whether the text would fit GSM-7 if it fell back to SMS.
 */
export function priceSubmission(submission: ValidSubmission, table: PriceTable): Pricing {
  const calculation = calculateSegments(submission.body ?? '');
  const segmentCount = submission.channel === 'Sms' ? calculation.segmentCount : 1;
  return {
    segmentCount,
    encoding: calculation.encoding,
    characterCount: calculation.characterCount,
    estimatedCost: estimateCost(table, submission.channel, submission.destination, segmentCount),
  };
}
