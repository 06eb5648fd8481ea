import type { consentV1 } from '@mp/contracts';
import { addFieldError, parseTimestamp, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { given, phoneNumberProblem, readOptionalText } from '../opt-outs/consent-fields.rules';
import { MAX_CONSENT_LANGUAGE_LENGTH, MAX_SOURCE_LENGTH, readMethod } from './evidence-fields.rules';

const UTC_TIMESTAMP = /(Z|[+-]00:00)$/;

export interface EvidenceToStore {
  phoneNumber: string;
  optedInAt: Date;
  method: string;
  source: string | null;
  consentLanguage: string | null;
}

/**
 * POST .../opt-in-records (spec 2.7), fields named as the client wrote them
 * (snake_case): VALIDATION_FAILED naming every bad one. opted_in_at is a UTC
 * ISO-8601 timestamp not later than `now` (the platform's clock).
 */
export function readEvidence(request: consentV1.CreateOptInRecordRequest, now: Date): EvidenceToStore {
  const errors: FieldErrors = {};
  const phoneNumber = (request.phoneNumber ?? '').trim();
  if (phoneNumber === '') addFieldError(errors, 'phone_number', 'is required');
  else {
    const problem = phoneNumberProblem(phoneNumber, 'must be an E.164 number, such as +14155550100');
    if (problem) addFieldError(errors, 'phone_number', problem);
  }
  const rawOptedInAt = request.optedInAt ?? '';
  const optedInAt = UTC_TIMESTAMP.test(rawOptedInAt) ? parseTimestamp(rawOptedInAt) : undefined;
  if (rawOptedInAt === '') addFieldError(errors, 'opted_in_at', 'is required');
  else if (!optedInAt) addFieldError(errors, 'opted_in_at', 'must be a UTC ISO-8601 timestamp, such as 2026-01-31T09:00:00Z');
  else if (optedInAt.getTime() > now.getTime()) addFieldError(errors, 'opted_in_at', 'cannot be in the future');
  // ISO 8601 has a year 0000; PostgreSQL's timestamps start at year 1.
  else if (optedInAt.getUTCFullYear() < 1) addFieldError(errors, 'opted_in_at', 'must be in year 0001 or later');
  const method = readMethod(request.method ?? '', (problem) => addFieldError(errors, 'method', problem));
  const source = readOptionalText(errors, 'source', request.source, MAX_SOURCE_LENGTH);
  const consentLanguage = readOptionalText(errors, 'consent_language', request.consentLanguage, MAX_CONSENT_LANGUAGE_LENGTH);
  throwIfInvalid(errors);
  return { phoneNumber, optedInAt: optedInAt!, method: method!, source, consentLanguage };
}

/** The list's optional phone_number filter: an E.164 number. */
export function readPhoneNumberFilter(errors: FieldErrors, value: string | undefined): string | undefined {
  if (!given(value)) return undefined;
  const phoneNumber = value.trim();
  const problem = phoneNumberProblem(phoneNumber, 'must be an E.164 number, such as +14155550100');
  if (problem) addFieldError(errors, 'phone_number', problem);
  return phoneNumber;
}
