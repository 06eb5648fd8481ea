import type { messagingV1 } from '@mp/contracts';
import { FieldErrors } from '@mp/problems';
import { calculateSegments } from '../rules';
import { characterLength, MAX_BODY_LENGTH } from '../submission/submission-limits';

/** POST /v1/messages/segments/preview: how an SMS body would be split and encoded. */
export function previewSegments(request: messagingV1.PreviewSegmentsRequest): messagingV1.SegmentPreview {
  const body = request.body ?? '';
  // The longest body any channel takes; beyond it there is nothing to preview.
  const max = MAX_BODY_LENGTH.Email;
  const length = characterLength(body);
  if (length > max) new FieldErrors().add('body', `body must be at most ${max} characters (got ${length})`).throwIfAny();
  return calculateSegments(body);
}
