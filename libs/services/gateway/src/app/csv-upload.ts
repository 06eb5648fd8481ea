import { DomainError } from '@mp/problems';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';

/** Spec 8: a consent import is at most 5 MB (consent checks the rows). */
export const IMPORT_FILE_LIMIT_BYTES = 5 * 1024 * 1024;

/** The import routes: their body is multipart, never JSON. */
export const MULTIPART_PATHS = [/^\/v1\/(accounts|subaccounts)\/[^/]+\/recipient-consent\/(opt-outs|opt-in-records)\/import\/?$/];

const invalid = (detail: string) => new DomainError('CONSENT_IMPORT_INVALID', detail);

function importProblem(error: unknown): DomainError {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return invalid(`The file is larger than ${IMPORT_FILE_LIMIT_BYTES / (1024 * 1024)} MB.`);
    return invalid('Send one CSV file, in the multipart field "file", and nothing else.');
  }
  return invalid('The multipart/form-data body could not be read.');
}

/**
 * The multer tsoa uses for `@UploadedFile`: in memory, one file of at most
 * 5 MB, and every way a body can fail to be such a file is
 * CONSENT_IMPORT_INVALID (spec 4.7 rule 5), never a generic 400 or a 500.
 */
export function csvUpload(): ReturnType<typeof multer> {
  const real = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMPORT_FILE_LIMIT_BYTES, files: 1, fields: 4, parts: 5 } });
  const fields: typeof real.fields = (spec) => {
    const parse = real.fields(spec);
    return (req: Request, res: Response, next: NextFunction) => {
      if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
        return next(invalid('Send the CSV as multipart/form-data, in the field "file".'));
      }
      parse(req, res, (error?: unknown) => next(error ? importProblem(error) : undefined));
    };
  };
  return Object.assign(Object.create(real) as ReturnType<typeof multer>, { fields });
}
