import { DomainError } from '@mp/problems';
import { previewSegments } from './preview-segments.usecase';

describe('previewSegments', () => {
  it('reports the calculator result', () => {
    expect(previewSegments({ body: 'a'.repeat(161) })).toEqual({
      segmentCount: 2,
      encoding: 'gsm7',
      characterCount: 161,
      charactersPerSegment: 153,
    });
    expect(previewSegments({ body: 'héllo 😀' }).encoding).toBe('ucs2');
  });

  it('previews an empty body as one empty segment', () => {
    expect(previewSegments({ body: '' }).segmentCount).toBe(1);
  });

  it('accepts 100000 characters and refuses more with VALIDATION_FAILED on body', () => {
    expect(previewSegments({ body: 'a'.repeat(100_000) }).characterCount).toBe(100_000);
    let error: unknown;
    try {
      previewSegments({ body: 'a'.repeat(100_001) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    expect(Object.keys((error as DomainError).extensions.errors ?? {})).toEqual(['body']);
  });
});
